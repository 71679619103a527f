#pragma once
#include <QWidget>

#include <vector>

#include "core/precision/sharded_master.h"

class QLabel;
class QTableWidget;

namespace shardscope::ui {

// The article's "sharding fp32 master weights is harder" as an experiment the user can see: a
// small AdamW run replayed on one GPU and under DDP, ZeRO-1/2 and ZeRO-3/FSDP, each row saying
// whether the final fp32 master weights are bit-identical and why (core/precision/sharded_master.h,
// the same run as `shardscope-cli reduce --sharded-master`; run by the BackgroundRunner).
class ShardedMasterTable : public QWidget {
    Q_OBJECT
public:
    explicit ShardedMasterTable(QWidget* parent = nullptr);
    QTableWidget* table() const { return table_; }
    void setCases(const ShardedMasterSpec& spec, const std::vector<ShardedMasterCase>& cases);

protected:
    void changeEvent(QEvent* event) override;

private:
    void fill();
    void retranslate();

    QLabel* intro_;
    QTableWidget* table_;
    ShardedMasterSpec spec_;
    std::vector<ShardedMasterCase> cases_;
};

} // namespace shardscope::ui
