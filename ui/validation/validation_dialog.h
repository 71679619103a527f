#pragma once
#include <QDialog>

#include "core/validation/validation_suite.h"

class QLabel;
class QTextBrowser;
class QTreeWidget;
class QTreeWidgetItem;
class QPushButton;
class QCheckBox;

namespace shardscope::ui {

// Help > Validation: every reference case (published figures, other engines' estimators,
// PyTorch measurements) against the current core, the same table `shardscope-cli validate`
// prints. Selecting a case shows its citation, inputs and why the values differ.
class ValidationDialog : public QDialog {
    Q_OBJECT
public:
    explicit ValidationDialog(QWidget* parent = nullptr);

    const ValidationRun& run() const { return run_; }
    QTreeWidget* tree() const { return tree_; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void evaluate();  // runs every case (about 30 ms) and fills the table; once, when the dialog is made
    void retranslate();
    void fill();
    void showDetails(QTreeWidgetItem* item);

    ValidationRun run_;
    QString loadProblem_;
    QLabel* summary_ = nullptr;
    QCheckBox* onlyDifferences_ = nullptr;
    QTreeWidget* tree_ = nullptr;
    QTextBrowser* details_ = nullptr;
    QPushButton* copyButton_ = nullptr;
};

} // namespace shardscope::ui
