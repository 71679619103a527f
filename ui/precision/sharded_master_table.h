#pragma once
#include <QWidget>

#include <cstdint>
#include <vector>

#include "core/precision/sharded_master.h"

class QLabel;
class QTableWidget;
template <typename T>
class QFutureWatcher;

namespace shardscope::ui {

// The article's "sharding fp32 master weights is harder" as an experiment the user can see: a
// small AdamW run replayed on one GPU and under DDP, ZeRO-1/2 and ZeRO-3/FSDP, each row saying
// whether the final fp32 master weights are bit-identical and why (core/precision/sharded_master.h,
// the same run as `shardscope-cli reduce --sharded-master`). Runs off the GUI thread.
class ShardedMasterTable : public QWidget {
    Q_OBJECT
public:
    explicit ShardedMasterTable(QWidget* parent = nullptr);
    ~ShardedMasterTable() override;
    QTableWidget* table() const { return table_; }
    void run(std::uint64_t seed);  // a newer run replaces one not yet shown
    bool running() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void show(const std::vector<ShardedMasterCase>& cases);
    void fill();
    void retranslate();

    QLabel* intro_;
    QTableWidget* table_;
    QFutureWatcher<std::vector<ShardedMasterCase>>* watcher_;
    ShardedMasterSpec spec_;
    std::vector<ShardedMasterCase> cases_;
    bool pending_ = false;
};

} // namespace shardscope::ui
