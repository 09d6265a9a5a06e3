// Search limits and cancellation shared by all engines.
//
// A search calls SearchControl::tick() once per node. Every `poll_interval` nodes it checks
// the node limit, the deadline, the shared cancellation flag, and calls the optional poll hook
// (the Python glue installs one that re-acquires the GIL and checks for Ctrl-C; C++ itself
// never sees Python). Once stopped, tick() keeps returning true so the search unwinds quickly.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>

namespace cassetete {

enum class Status : int { solved = 0, unsatisfiable = 1, limit = 2, interrupted = 3 };

// Why a search stopped early (StopReason::none while it runs to completion).
enum class StopReason : int { none = 0, node_limit = 1, time_limit = 2, cancelled = 3, interrupted = 4 };

struct SearchLimits {
    double time_limit = std::numeric_limits<double>::infinity();  // seconds, wall clock
    uint64_t node_limit = std::numeric_limits<uint64_t>::max();
};

class CancellationToken {
public:
    void cancel() noexcept { flag_.store(true, std::memory_order_relaxed); }
    bool cancelled() const noexcept { return flag_.load(std::memory_order_relaxed); }
    void reset() noexcept { flag_.store(false, std::memory_order_relaxed); }

private:
    std::atomic<bool> flag_{false};
};

class SearchControl {
public:
    using Clock = std::chrono::steady_clock;
    // Returns true when the search must stop (e.g. Ctrl-C was pressed).
    using PollHook = std::function<bool()>;

    explicit SearchControl(SearchLimits limits = {}, const CancellationToken* token = nullptr,
                           PollHook hook = nullptr, uint64_t poll_interval = 16384)
        : limits_(limits), token_(token), hook_(std::move(hook)),
          poll_interval_(poll_interval ? poll_interval : 1), max_poll_interval_(poll_interval_),
          start_(Clock::now()), last_poll_(start_) {
        next_poll_ = poll_interval_;
        if (limits_.time_limit <= 0) stop_ = StopReason::time_limit;
    }

    // Count one node; returns true when the search must stop.
    bool tick() noexcept {
        ++nodes_;
        if (nodes_ < next_poll_ && nodes_ <= limits_.node_limit) return stop_ != StopReason::none;
        return poll();
    }

    // Add several nodes at once (engines that count in bulk).
    bool tick(uint64_t count) noexcept {
        nodes_ += count;
        if (nodes_ < next_poll_ && nodes_ <= limits_.node_limit) return stop_ != StopReason::none;
        return poll();
    }

    // Add nodes without any check (an engine that counted a batch locally and finished).
    void add_nodes(uint64_t count) noexcept { nodes_ += count; }

    // Full check, independent of the node counter.
    bool poll() noexcept {
        // The interval adapts to the engine's node rate so that polls come every few
        // milliseconds: fast engines poll every `max_poll_interval_` nodes, and slow ones (a
        // 64x64 Sudoku node can take a millisecond) still honour time limits and Ctrl-C promptly.
        const Clock::time_point now = Clock::now();
        const double since_last = std::chrono::duration<double>(now - last_poll_).count();
        last_poll_ = now;
        if (since_last > 0.01 && poll_interval_ > 1) poll_interval_ /= 2;
        else if (since_last < 0.001 && poll_interval_ < max_poll_interval_) poll_interval_ *= 2;
        next_poll_ = nodes_ + poll_interval_;
        if (stop_ != StopReason::none) return true;
        if (nodes_ > limits_.node_limit) {
            stop_ = StopReason::node_limit;
        } else if (token_ && token_->cancelled()) {
            stop_ = StopReason::cancelled;
        } else if (std::chrono::duration<double>(now - start_).count() > limits_.time_limit) {
            stop_ = StopReason::time_limit;
        } else if (hook_) {
            bool must_stop = false;
            try {
                must_stop = hook_();
            } catch (...) {
                must_stop = true;
            }
            if (must_stop) stop_ = StopReason::interrupted;
        }
        return stop_ != StopReason::none;
    }

    bool stopped() const noexcept { return stop_ != StopReason::none; }
    StopReason reason() const noexcept { return stop_; }
    // The node that passes the node limit is refused, not searched, so it is not reported:
    // node_limit=10 reports 10 nodes.
    uint64_t nodes() const noexcept {
        return stop_ == StopReason::node_limit && nodes_ > limits_.node_limit ? limits_.node_limit : nodes_;
    }
    double elapsed() const noexcept {
        return std::chrono::duration<double>(Clock::now() - start_).count();
    }
    const SearchLimits& limits() const noexcept { return limits_; }
    const CancellationToken* token() const noexcept { return token_; }

    // Status of a finished search: `found` says whether the goal was reached.
    Status status(bool found) const noexcept {
        if (found) return Status::solved;
        if (stop_ == StopReason::interrupted) return Status::interrupted;
        if (stop_ != StopReason::none) return Status::limit;
        return Status::unsatisfiable;
    }

private:
    SearchLimits limits_;
    const CancellationToken* token_;
    PollHook hook_;
    uint64_t poll_interval_;
    uint64_t max_poll_interval_;
    uint64_t nodes_ = 0;
    uint64_t next_poll_ = 0;
    StopReason stop_ = StopReason::none;
    Clock::time_point start_;
    Clock::time_point last_poll_;
};

}  // namespace cassetete
