// The GUI's controls are built from core's tables: every enum value is in its combo box, with
// its help as the tooltip, and choosing it sets exactly that value in the document; every
// label, help and value name of core is translated.
#include <QtTest>

#include <QComboBox>
#include <QTranslator>

#include <set>

#include "core/comm/collectives.h"
#include "core/common/messages.h"
#include "core/plan/planner.h"
#include "core/data/samplers.h"
#include "core/engines/engine_export.h"
#include "core/reshard/tensor_map.h"
#include "core/perf/step_model.h"
#include "core/precision/drift.h"
#include "core/scenario/field_table.h"
#include "ui/i18n/language.h"
#include "ui/i18n/ui_text.h"
#include "ui/main_window.h"

using namespace shardscope;
using namespace shardscope::ui;

namespace {

std::set<int> tableValues(const EnumTable& table)
{
    std::set<int> values;
    for (const EnumChoice& c : table.choices)
        values.insert(c.value);
    return values;
}

// The combo box that lists exactly the table's values under their labels.
QComboBox* comboOf(QWidget* window, const EnumTable& table)
{
    for (QComboBox* combo : window->findChildren<QComboBox*>()) {
        std::set<int> values;
        bool labelled = true;
        for (int i = 0; i < combo->count(); ++i) {
            values.insert(combo->itemData(i).toInt());
            labelled = labelled && combo->itemText(i) == enumText(table, combo->itemData(i).toInt());
        }
        if (labelled && combo->count() == static_cast<int>(table.choices.size()) && values == tableValues(table))
            return combo;
    }
    return nullptr;
}

} // namespace

class TestFieldControls : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void everyEnumValueIsSelectable_data()
    {
        QTest::addColumn<QString>("field");
        for (const FieldSpec& spec : scenarioFields()) {
            const std::string path = spec.path();
            if (spec.type == FieldType::Choice && std::string_view(spec.group) != "model")  // the shape is set by preset or import
                QTest::newRow(path.c_str()) << QString::fromStdString(path);
        }
    }
    void everyEnumValueIsSelectable()
    {
        QFETCH(QString, field);
        const FieldSpec& spec = *findFieldByPath(field.toStdString());
        MainWindow window(false);
        QComboBox* combo = comboOf(&window, *spec.choices);
        QVERIFY2(combo != nullptr, "no combo box offers exactly the table's values");
        for (int i = 0; i < combo->count(); ++i) {
            const int value = combo->itemData(i).toInt();
            const EnumChoice* choice = spec.choices->findValue(value);
            QVERIFY(!combo->itemData(i, Qt::ToolTipRole).toString().isEmpty());
            combo->setCurrentIndex(i);
            emit combo->activated(i);
            window.settle();
            const auto stored = spec.get(window.document()->scenario());
            QVERIFY2(stored && std::get<std::string>(*stored) == choice->id, choice->id);
        }
    }

    // Every label, help and value name that core defines has a Simplified Chinese translation.
    void coreTextIsTranslated()
    {
        // Asked of the catalogue itself: a proper name (AdamW, LayerNorm) may translate to itself,
        // but it must be in the catalogue.
        QTranslator zh;
        QVERIFY(zh.load(QStringLiteral(":/i18n/shardscope_zh_CN.qm")));
        QStringList missing;
        const auto check = [&](const char* context, const char* text) {
            if (zh.translate(context, text).isEmpty())
                missing << QString::fromUtf8(text);
        };
        for (const FieldSpec& spec : scenarioFields()) {
            check("UiText", spec.label);
            check("UiText", spec.help);
        }
        const EnumTable* tables[] = {&enumTable<Precision>(), &enumTable<GradDtype>(), &enumTable<Optimizer>(),
                                     &enumTable<Recompute>(), &enumTable<FineTune>(), &enumTable<Offload>(),
                                     &enumTable<MlpKind>(), &enumTable<NormKind>(), &enumTable<PositionKind>(),
                                     &enumTable<FloatFormat>(), &enumTable<DriftStrategy>(), &enumTable<Collective>(),
                                     &enumTable<ParallelDim>(), &enumTable<CommPurpose>(), &enumTable<RankOrder>(),
                                     &enumTable<Engine>(), &enumTable<SamplerKind>(), &enumTable<TensorKind>(),
                                     &enumTable<PlanObjective>(), &enumTable<PlanRule>(), &enumTable<PlanFamily>()};
        for (const EnumTable* table : tables) {
            for (const EnumChoice& c : table->choices) {
                check("UiText", c.label);
                check("UiText", c.help);
            }
        }
        for (const char* templ : msg::catalog())
            check("Diagnostic", templ);
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral("\n"))));
    }

    // The catalog lists every template messages.h defines (catalog() feeds argument translation).
    void catalogListsEveryTemplate()
    {
        int defined = 0;
        for (const char* path : {"/core/common/messages.h", "/core/common/plan_messages.h"}) {
            QFile header(QStringLiteral(SHARDSCOPE_SOURCE_DIR) + QLatin1String(path));
            QVERIFY(header.open(QIODevice::ReadOnly));
            defined += static_cast<int>(QString::fromUtf8(header.readAll()).count(QStringLiteral("SHARDSCOPE_TR_NOOP(\"Diagnostic\"")));
        }
        QCOMPARE(static_cast<int>(msg::catalog().size()), defined);
    }
};

QTEST_MAIN(TestFieldControls)
#include "tst_field_controls.moc"
