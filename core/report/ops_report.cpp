#include "core/report/ops_report.h"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/common/units.h"

namespace shardscope {
namespace {

using Json = nlohmann::json;

Json bytes(double value) { return static_cast<std::int64_t>(std::llround(value)); }

constexpr double kDay = 86400.0;
constexpr double kHour = 3600.0;
constexpr double kMinute = 60.0;

Json contentsJson(const std::array<double, kCheckpointStates>& states)
{
    Json contents = Json::object();
    for (std::size_t i = 0; i < kCheckpointStates; ++i)
        contents[enumId(static_cast<CheckpointState>(i))] = bytes(states[i]);
    return contents;
}

// The failure source in words for JSON and the table: the measured MTBF, the user's rate or a preset.
std::string rateSource(const Scenario& s)
{
    if (s.ops.clusterMtbfHours)
        return "cluster-mtbf-hours";
    if (s.ops.failuresPerGpuDay)
        return "failures-per-gpu-day";
    return enumId(s.ops.failurePreset);
}

Json goodputJson(const Scenario& s, const Estimate& e)
{
    const OpsEstimate& o = e.ops;
    const double gpus = s.parallel.gpus;
    return Json{{"ettr", o.ettr},
                {"effective_tokens_per_second", o.effectiveTokensPerSecond},
                {"tokens_per_second", e.step.tokensPerSecond},
                {"days", o.trainSeconds / kDay},
                {"failure_free_days", o.failureFreeSeconds / kDay},
                {"gpu_hours", o.trainSeconds * gpus / kHour},
                {"failure_free_gpu_hours", o.failureFreeSeconds * gpus / kHour},
                {"checkpoint_share", o.checkpointShare},
                {"failure_share", o.failureShare}};
}

std::string fixed(double value, int decimals)
{
    char text[48];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

// "42.9 min", "3.1 h", "12.4 days": the table's durations.
std::string duration(double seconds)
{
    if (!std::isfinite(seconds))
        return "n/a";
    if (seconds >= 2 * kDay)
        return fixed(seconds / kDay, 1) + " days";
    if (seconds >= 2 * kHour)
        return fixed(seconds / kHour, 1) + " h";
    if (seconds >= 2 * kMinute)
        return fixed(seconds / kMinute, 1) + " min";
    return fixed(seconds, seconds < 10 ? 2 : 1) + " s";
}

std::string gigabytes(double value) { return fixed(value / units::kGB, value < 1e7 ? 6 : 2) + " GB"; }

} // namespace

Json opsToJson(const Scenario& s, const Estimate& e, const Estimate* single)
{
    const OpsEstimate& o = e.ops;
    Json diagnostics = Json::array();
    for (const Diagnostic& d : e.diagnostics)
        diagnostics.push_back({{"severity", severityName(d.severity)}, {"field", d.field.str()}, {"message", d.message()}});
    Json out{
        {"checkpoint",
         {{"bytes", bytes(o.checkpoint.bytes)},
          {"bytes_per_rank_max", bytes(o.checkpoint.bytesPerRankMax)},
          {"bytes_per_node_max", bytes(o.checkpoint.bytesPerNodeMax)},
          {"write_seconds", o.writeSeconds},
          {"load_seconds", o.loadSeconds},
          {"host_copy_seconds", o.hostCopySeconds},
          {"blocking_seconds", o.blockingSeconds},
          {"async", o.async},
          {"contents", contentsJson(o.checkpoint.total)},
          {"contents_per_rank_max", contentsJson(o.checkpoint.rank)}}},
        {"failures",
         {{"source", rateSource(s)},
          {"failures_per_gpu_day", o.rates.perGpuHour * 24.0},
          {"failures_per_node_day", o.rates.perNodeHour * 24.0},
          {"failures_per_hour", o.failuresPerHour},
          {"cluster_mtbf_hours", o.mtbfSeconds / kHour},
          {"cluster_mtbf_seconds", o.mtbfSeconds},
          {"expected_interruptions", o.expectedInterruptions},
          {"detection_seconds", o.detectionSeconds},
          {"restart_seconds", o.restartSeconds},
          {"recovery_seconds", o.recoverySeconds},
          {"lost_seconds_per_failure", o.lostSecondsPerFailure}}},
        {"interval",
         {{"young_minutes", o.youngSeconds / kMinute},
          {"daly_minutes", o.dalySeconds / kMinute},
          {"chosen_minutes", o.intervalSeconds / kMinute},
          {"young_seconds", o.youngSeconds},
          {"daly_seconds", o.dalySeconds},
          {"chosen_seconds", o.intervalSeconds},
          {"chosen_from", o.intervalFromUser ? "interval-minutes" : "daly"}}},
        {"goodput", goodputJson(s, e)},
        {"diagnostics", diagnostics}};
    if (single != nullptr) {
        const OpsEstimate& one = single->ops;
        out["single_gpu"] = Json{{"checkpoint_bytes", bytes(one.checkpoint.bytes)},
                                 {"write_seconds", one.writeSeconds},
                                 {"cluster_mtbf_hours", one.mtbfSeconds / kHour},
                                 {"expected_interruptions", one.expectedInterruptions},
                                 {"chosen_minutes", one.intervalSeconds / kMinute},
                                 {"ettr", one.ettr},
                                 {"days", one.trainSeconds / kDay},
                                 {"failure_free_days", one.failureFreeSeconds / kDay},
                                 {"fits", single->memory.singleGpuFits}};
    }
    return out;
}

std::string opsTable(const Scenario& s, const Estimate& e, const Estimate* single)
{
    const OpsEstimate& o = e.ops;
    std::ostringstream out;
    char line[200];
    out << "ShardScope operations: " << s.model.name << " on " << s.parallel.gpus << (s.parallel.gpus == 1 ? " GPU (" : " GPUs (")
        << s.cluster.gpusPerNode << " per node)\n\n";
    std::snprintf(line, sizeof line, "%-28s %18s %18s\n", "checkpoint", "whole job", "most loaded rank");
    out << line;
    for (std::size_t i = 0; i < kCheckpointStates; ++i) {
        const auto state = static_cast<CheckpointState>(i);
        if (state == CheckpointState::Gradients)
            std::snprintf(line, sizeof line, "  %-26s %18s %18s\n", enumLabel(state), "-", "-");
        else
            std::snprintf(line, sizeof line, "  %-26s %18s %18s\n", enumLabel(state), gigabytes(o.checkpoint.total[i]).c_str(),
                          gigabytes(o.checkpoint.rank[i]).c_str());
        out << line;
    }
    std::snprintf(line, sizeof line, "  %-26s %18s %18s\n", "total", gigabytes(o.checkpoint.bytes).c_str(),
                  gigabytes(o.checkpoint.bytesPerRankMax).c_str());
    out << line;
    out << "  the busiest node writes " << gigabytes(o.checkpoint.bytesPerNodeMax) << "; write " << duration(o.writeSeconds)
        << ", load " << duration(o.loadSeconds) << "; training stops " << duration(o.blockingSeconds) << " per checkpoint ("
        << (o.async ? "asynchronous: the copy to host memory" : "synchronous") << ")\n\n";

    out << "failures (" << rateSource(s) << ")\n";
    out << "  " << fixed(o.rates.perGpuHour * 24.0 * 1e3, 3) << " per 1,000 GPU-days + " << fixed(o.rates.perNodeHour * 24.0 * 1e3, 3)
        << " per 1,000 node-days: the job is interrupted every " << duration(o.mtbfSeconds) << "\n";
    out << "  each interruption: detection " << duration(o.detectionSeconds) << " + restart " << duration(o.restartSeconds)
        << (o.async ? " + the write in flight" : "") << "; work lost per failure " << duration(o.lostSecondsPerFailure) << "\n";
    std::snprintf(line, sizeof line, "  %.1f interruptions expected over the run\n\n", o.expectedInterruptions);
    out << line;

    out << "checkpoint interval\n";
    out << "  Young " << duration(o.youngSeconds) << ", Daly " << duration(o.dalySeconds) << "; used "
        << duration(o.intervalSeconds) << (o.intervalFromUser ? " (--interval-minutes)" : " (Daly)") << "\n\n";

    out << "goodput\n";
    std::snprintf(line, sizeof line, "  ETTR %.2f%% (checkpoints %.2f%%, failures %.2f%% of the wall-clock time)\n", 100 * o.ettr,
                  100 * o.checkpointShare, 100 * o.failureShare);
    out << line;
    std::snprintf(line, sizeof line, "  %.0f tokens/s, %.0f effective\n", e.step.tokensPerSecond, o.effectiveTokensPerSecond);
    out << line;
    std::snprintf(line, sizeof line, "  %.3g tokens: %.1f days failure-free, %.1f days with failures; %.3g GPU-hours, %.3g with failures\n",
                  s.perf.trainTokens, o.failureFreeSeconds / kDay, o.trainSeconds / kDay,
                  o.failureFreeSeconds * s.parallel.gpus / kHour, o.trainSeconds * s.parallel.gpus / kHour);
    out << line;
    if (single != nullptr) {
        const OpsEstimate& one = single->ops;
        std::snprintf(line, sizeof line,
                      "  one GPU: checkpoint %s, interrupted every %s, ETTR %.2f%%, %.1f days failure-free, %.1f with failures%s\n",
                      gigabytes(one.checkpoint.bytes).c_str(), duration(one.mtbfSeconds).c_str(), 100 * one.ettr,
                      one.failureFreeSeconds / kDay, one.trainSeconds / kDay, single->memory.singleGpuFits ? "" : " (does not fit)");
        out << line;
    }
    if (!e.diagnostics.empty()) {
        out << "\ndiagnostics\n";
        for (const Diagnostic& d : e.diagnostics)
            out << "  " << severityName(d.severity) << ": " << d.message() << "\n";
    }
    return out.str();
}

std::string opsCsv(const Scenario& s, const Estimate& e, const Estimate* single)
{
    std::ostringstream out;
    out << "quantity,unit,single_gpu,cluster\n";
    const auto row = [&](const char* quantity, const char* unit, double cluster, double one) {
        out << quantity << "," << unit << ",";
        if (single != nullptr)
            out << one;
        out << "," << cluster << "\n";
    };
    const OpsEstimate& o = e.ops;
    const OpsEstimate none;
    const OpsEstimate& one = single != nullptr ? single->ops : none;
    for (std::size_t i = 0; i < kCheckpointStates; ++i) {
        const std::string name = std::string("checkpoint_") + enumId(static_cast<CheckpointState>(i));
        row(name.c_str(), "bytes", std::round(o.checkpoint.total[i]), std::round(one.checkpoint.total[i]));
    }
    row("checkpoint_bytes", "bytes", std::round(o.checkpoint.bytes), std::round(one.checkpoint.bytes));
    row("checkpoint_bytes_per_rank_max", "bytes", std::round(o.checkpoint.bytesPerRankMax), std::round(one.checkpoint.bytesPerRankMax));
    row("write_seconds", "s", o.writeSeconds, one.writeSeconds);
    row("load_seconds", "s", o.loadSeconds, one.loadSeconds);
    row("blocking_seconds", "s", o.blockingSeconds, one.blockingSeconds);
    row("cluster_mtbf_hours", "h", o.mtbfSeconds / kHour, one.mtbfSeconds / kHour);
    row("expected_interruptions", "count", o.expectedInterruptions, one.expectedInterruptions);
    row("young_minutes", "min", o.youngSeconds / kMinute, one.youngSeconds / kMinute);
    row("daly_minutes", "min", o.dalySeconds / kMinute, one.dalySeconds / kMinute);
    row("chosen_minutes", "min", o.intervalSeconds / kMinute, one.intervalSeconds / kMinute);
    row("lost_minutes_per_failure", "min", o.lostSecondsPerFailure / kMinute, one.lostSecondsPerFailure / kMinute);
    row("ettr", "fraction", o.ettr, one.ettr);
    row("effective_tokens_per_second", "tokens/s", o.effectiveTokensPerSecond, one.effectiveTokensPerSecond);
    row("failure_free_days", "days", o.failureFreeSeconds / kDay, one.failureFreeSeconds / kDay);
    row("days", "days", o.trainSeconds / kDay, one.trainSeconds / kDay);
    row("failure_free_gpu_hours", "GPU-hours", o.failureFreeSeconds * s.parallel.gpus / kHour, one.failureFreeSeconds / kHour);
    row("gpu_hours", "GPU-hours", o.trainSeconds * s.parallel.gpus / kHour, one.trainSeconds / kHour);
    return out.str();
}

} // namespace shardscope
