// Every field of the field table and every value of every enum table goes through a scenario
// file, the writer, and a command-line flag, and comes back as it went in.
#include <QtTest>

#include <cmath>
#include <set>
#include <sstream>

#include "cli/command.h"
#include "cli/option_parser.h"
#include "cli/scenario_args.h"
#include "core/scenario/field_table.h"
#include "core/scenario/scenario_json.h"

using namespace shardscope;
using Json = nlohmann::json;

namespace {

// A value of the field's type within its range, other than the default where that matters.
std::vector<FieldValue> sampleValues(const FieldSpec& spec)
{
    switch (spec.type) {
    case FieldType::Int:
    case FieldType::Count: return {static_cast<std::int64_t>(std::min(spec.max, spec.min + 2))};
    case FieldType::Number: return {spec.min + (spec.max - spec.min) / 4};
    case FieldType::Bool:
    case FieldType::OnOff: return {true, false};
    case FieldType::Choice: {
        std::vector<FieldValue> all;
        for (const EnumChoice& c : spec.choices->choices)
            all.emplace_back(std::string(c.id));
        return all;
    }
    case FieldType::Text:
        if (spec.path() == "training.lora_targets")
            return {std::string("q,v")};
        if (spec.path() == "cluster.gpu")
            return {std::string("a100-80g")};
        return {std::string("a name")};
    case FieldType::Path: return {};
    }
    return {};
}

// Fields some values need beside them: MoE fields exist for MoE models, latent-attention ranks
// for MLA models, learned position rows for learned positions.
Json companions(const FieldSpec& spec)
{
    const std::string path = spec.path();
    if (path == "model.top_k" || path == "model.shared_experts" || path == "model.expert_ffn_hidden" || path == "model.dense_layers")
        return Json{{"experts", 8}};
    if (path == "model.q_lora_rank" || path == "model.kv_lora_rank" || path == "model.rope_head_dim" || path == "model.v_head_dim") {
        Json mla{{"attention", "mla"}, {"kv_lora_rank", 64}, {"rope_head_dim", 32}, {"v_head_dim", 64}};
        mla.erase(spec.key);  // the field under test is given once, by the caller
        return mla;
    }
    if (path == "model.experts")
        return Json{{"top_k", 1}};
    if (path == "model.max_positions")
        return Json{{"position", "learned"}};
    return Json::object();
}

std::string flagText(const FieldSpec& spec, const FieldValue& value)
{
    if (const auto* i = std::get_if<std::int64_t>(&value))
        return std::to_string(*i);
    if (const auto* d = std::get_if<double>(&value)) {
        std::ostringstream text;
        text.precision(17);
        text << *d;
        return text.str();
    }
    if (const auto* b = std::get_if<bool>(&value))
        return spec.type == FieldType::OnOff ? (*b ? "on" : "off") : (*b ? "on" : "off");
    return std::get<std::string>(value);
}

bool sameValue(const FieldValue& a, const std::optional<FieldValue>& b)
{
    if (!b)
        return false;
    const auto number = [](const FieldValue& v) -> std::optional<double> {
        if (const auto* d = std::get_if<double>(&v))
            return *d;
        if (const auto* i = std::get_if<std::int64_t>(&v))
            return static_cast<double>(*i);
        return std::nullopt;
    };
    if (number(a) && number(*b))  // a count may be stored as a double (tokens to train)
        return std::fabs(*number(a) - *number(*b)) <= 1e-12 * std::fabs(*number(a));
    return a == *b;
}

const FieldSpec* fieldOfRow(const QString& row)
{
    return findFieldByPath(row.section(QLatin1Char(' '), 0, 0).toStdString());
}

} // namespace

class TestFieldRoundTrip : public QObject {
    Q_OBJECT
private slots:
    void everyValue_data()
    {
        QTest::addColumn<int>("valueIndex");
        for (const FieldSpec& spec : scenarioFields()) {
            if (spec.set == nullptr || spec.get == nullptr || isModelSourceField(spec))
                continue;
            const auto values = sampleValues(spec);
            for (std::size_t i = 0; i < values.size(); ++i)
                QTest::newRow(qPrintable(QString::fromStdString(spec.path() + " " + flagText(spec, values[i])))) << int(i);
        }
    }

    // file -> Scenario -> file -> Scenario keeps the value
    void everyValue()
    {
        QFETCH(int, valueIndex);
        const FieldSpec& spec = *fieldOfRow(QString::fromUtf8(QTest::currentDataTag()));
        const FieldValue value = sampleValues(spec)[static_cast<std::size_t>(valueIndex)];
        Json group = companions(spec);
        group[spec.key] = fieldValueToJson(spec, value);
        Diagnostics problems;
        const auto read = scenarioFromJson(Json{{spec.group, group}}, {}, problems);
        QVERIFY2(read.has_value(), problems.empty() ? "" : problems.front().message().c_str());
        QVERIFY2(sameValue(value, spec.get(*read)), spec.path().c_str());
        const auto again = scenarioFromJson(scenarioToJson(*read), {}, problems);
        QVERIFY(again.has_value());
        QVERIFY2(sameValue(value, spec.get(*again)), "the writer changed it");
        // the writer names exactly the table's fields
        const Json written = scenarioToJson(*read);  // named: items() of a temporary would dangle
        for (const auto& [groupName, fields] : written.items())
            for (const auto& item : fields.items())
                QVERIFY2(findField(groupName, item.key()) != nullptr, item.key().c_str());
    }

    void everyFlag_data() { everyValue_data(); }

    // --flag value -> Scenario keeps the value, exactly as the file does
    void everyFlag()
    {
        QFETCH(int, valueIndex);
        const FieldSpec& spec = *fieldOfRow(QString::fromUtf8(QTest::currentDataTag()));
        if (spec.flag == nullptr)
            QSKIP("set in scenario files only");
        const FieldValue value = sampleValues(spec)[static_cast<std::size_t>(valueIndex)];
        std::vector<std::string> args{std::string("--") + spec.flag + "=" + flagText(spec, value)};
        const Json others = companions(spec);
        for (const auto& [key, companion] : others.items()) {
            const FieldSpec* other = findField(spec.group, key);
            args.push_back(std::string("--") + (other->flag != nullptr ? other->flag : key) + "=" +
                           (companion.is_string() ? companion.get<std::string>() : companion.dump()));
        }
        if (spec.path() == "model.max_positions")
            QSKIP("positions are set in scenario files only");
        std::ostringstream err;
        const cli::CliHooks hooks;
        const auto inv = cli::parseInvocation(*cli::findCommand("estimate"), hooks, args, err);
        QVERIFY2(inv.has_value(), err.str().c_str());
        const auto scenario = cli::resolveScenario(*inv, err);
        QVERIFY2(scenario.has_value(), err.str().c_str());
        QVERIFY2(sameValue(value, spec.get(*scenario)), spec.path().c_str());
    }

    // Every flag of the table is accepted by every command that takes a scenario, and by no other.
    void flagsBelongToScenarioCommands()
    {
        const cli::CliHooks hooks;
        for (const cli::Command& command : cli::commands()) {
            std::ostringstream err;
            const auto inv = cli::parseInvocation(command, hooks, {"--seq-len", "2048"}, err);
            QCOMPARE(inv.has_value(), command.takesScenario);
            if (!command.takesScenario)
                QVERIFY2(err.str().find("unknown flag") != std::string::npos, err.str().c_str());
        }
    }

    // Every enum id is unique within its table, and every label and help is given.
    void enumTablesAreComplete()
    {
        for (const FieldSpec& spec : scenarioFields()) {
            if (spec.type != FieldType::Choice)
                continue;
            std::set<std::string> ids;
            for (const EnumChoice& c : spec.choices->choices) {
                QVERIFY2(ids.insert(c.id).second, c.id);
                QVERIFY(std::string_view(c.label).size() > 0 && std::string_view(c.help).size() > 0);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestFieldRoundTrip)
#include "tst_field_roundtrip.moc"
