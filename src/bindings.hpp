// Glue helpers shared by the bind_<family>.cpp files: GIL release, Ctrl-C polling, numpy views,
// conversion of the common result pieces. Only src/ includes Python headers.
#pragma once
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>

#include "common/limits.hpp"
#include "common/result.hpp"
#include "common/stats.hpp"

namespace cassetete::bind {

namespace py = pybind11;

// Raised into Python as cassetete.PuzzleError (registered in module.cpp).
struct InputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The one Ctrl-C poll of every search: called (without the GIL) every few thousand nodes, it
// re-acquires the GIL and runs PyErr_CheckSignals(); on a pending signal it sets *interrupted
// (a Python exception is now set) and returns true, which stops the search.
inline SearchControl::PollHook signal_poll(bool* interrupted) {
    return [interrupted]() {
        py::gil_scoped_acquire acquire;
        if (PyErr_CheckSignals() != 0) {
            *interrupted = true;
            return true;
        }
        return false;
    };
}

// Build a SearchControl from Python-side limits; None means no limit. Its poll hook is
// signal_poll(&interrupted).
struct PythonSearch {
    bool interrupted = false;
    SearchControl control;

    // poll_interval: nodes between polls at most (engines with slow nodes poll more often).
    PythonSearch(const py::object& time_limit, const py::object& node_limit,
                 const CancellationToken* token = nullptr, uint64_t poll_interval = 16384)
        : control(make_limits(time_limit, node_limit), token, signal_poll(&interrupted), poll_interval) {}
    PythonSearch(const PythonSearch&) = delete;  // the poll hook points at this->interrupted
    PythonSearch& operator=(const PythonSearch&) = delete;

    // Call with the GIL held after the search: re-raises KeyboardInterrupt (or whatever
    // exception the signal handler raised).
    void rethrow_if_interrupted() const {
        if (interrupted) throw py::error_already_set();
    }

    static SearchLimits make_limits(const py::object& time_limit, const py::object& node_limit) {
        SearchLimits limits;
        if (!time_limit.is_none()) limits.time_limit = time_limit.cast<double>();
        if (!node_limit.is_none()) {
            long long n = node_limit.cast<long long>();
            limits.node_limit = n < 0 ? 0 : static_cast<uint64_t>(n);
        }
        return limits;
    }
};

// Runs `search(control)` with the GIL released under the Python-side limits (and `token`),
// re-raises Ctrl-C, and returns its result: the block every single-search binding shares.
template <class Search>
auto run_python_search(const py::object& time_limit, const py::object& node_limit, Search search,
                       const CancellationToken* token = nullptr, uint64_t poll_interval = 16384) {
    PythonSearch ps(time_limit, node_limit, token, poll_interval);
    decltype(search(ps.control)) result;
    {
        py::gil_scoped_release release;
        result = search(ps.control);
    }
    ps.rethrow_if_interrupted();
    return result;
}

inline const char* status_name(Status status) {
    switch (status) {
        case Status::solved: return "solved";
        case Status::unsatisfiable: return "unsatisfiable";
        case Status::limit: return "limit";
        case Status::interrupted: return "interrupted";
    }
    return "limit";
}

inline const char* stop_reason_name(StopReason reason) {
    switch (reason) {
        case StopReason::none: return "none";
        case StopReason::node_limit: return "node_limit";
        case StopReason::time_limit: return "time_limit";
        case StopReason::cancelled: return "cancelled";
        case StopReason::interrupted: return "interrupted";
    }
    return "none";
}

// Statistics as a plain dict: {"nodes": .., "seconds": .., "rules": {name: count}, "stop": reason}.
inline py::dict stats_to_dict(const SearchStats& stats, StopReason reason = StopReason::none) {
    py::dict rules;
    for (const auto& entry : stats.counters) rules[py::str(entry.first)] = entry.second;
    py::dict out;
    out["nodes"] = stats.nodes;
    out["seconds"] = stats.seconds;
    out["rules"] = rules;
    out["stop"] = stop_reason_name(reason);
    return out;
}

// The one conversion of how a search ended: {"status", "count", "complete", "stats"}, with
// stats["stop"] naming the limit that stopped it. Ctrl-C is re-raised before any conversion, so
// an `interrupted` status left here (a cancelled stream) reads as "limit".
inline py::dict outcome_to_dict(const SearchOutcome& outcome) {
    py::dict out;
    out["status"] = status_name(outcome.status == Status::interrupted ? Status::limit : outcome.status);
    out["count"] = outcome.count;
    out["complete"] = outcome.complete;
    out["stats"] = stats_to_dict(outcome.stats, outcome.stop);
    return out;
}

// The one conversion of a SearchResult (cpp/common/result.hpp): outcome_to_dict plus
// "solutions", the kept solutions each converted by `convert`.
template <class Solution, class Convert>
py::dict result_to_dict(const SearchResult<Solution>& result, Convert convert) {
    py::dict out = outcome_to_dict(result);
    py::list solutions;
    for (const Solution& solution : result.solutions) solutions.append(convert(solution));
    out["solutions"] = solutions;
    return out;
}

// NPY_ARRAY_ALIGNED: pybind11 has no name for it, but array_t passes its extra flags to
// PyArray_FromAny, which then copies a misaligned buffer (an array unpickled from a Dask or
// pickle-5 out-of-band buffer can start at any byte) instead of handing us unaligned ints.
inline constexpr int kNumpyAligned = 0x0100;

// A C-contiguous, aligned numpy array of T, copied if needed; shape checked by the caller.
template <class T>
using CArray = py::array_t<T, py::array::c_style | py::array::forcecast | kNumpyAligned>;

}  // namespace cassetete::bind

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace cassetete::bind {

// Streams the items of a C++ search to Python one at a time: the search runs on its own
// std::thread and blocks when `capacity` items wait unread; Python's next() waits with the GIL
// released and polls Ctrl-C every 50 ms. Closing (or dropping) the stream cancels the search.
template <class Item>
class BackgroundStream {
public:
    // The producer calls emit(item) for each item; emit returns false once the stream is closed.
    using Emit = std::function<bool(Item&&)>;
    using Producer = std::function<void(const Emit& emit, const CancellationToken& token)>;

    explicit BackgroundStream(Producer producer, size_t capacity = 64) : capacity_(capacity) {
        thread_ = std::thread([this, producer = std::move(producer)]() {
            try {
                producer([this](Item&& item) { return push(std::move(item)); }, token_);
            } catch (...) {
                std::lock_guard<std::mutex> lock(mutex_);
                error_ = std::current_exception();
            }
            std::lock_guard<std::mutex> lock(mutex_);
            done_ = true;
            items_ready_.notify_all();
        });
    }

    BackgroundStream(const BackgroundStream&) = delete;
    BackgroundStream& operator=(const BackgroundStream&) = delete;
    ~BackgroundStream() { close(); }

    // Call with the GIL held. False at the end of the stream.
    bool next(Item& out) {
        for (;;) {
            bool got = false, finished = false;
            {
                py::gil_scoped_release release;
                std::unique_lock<std::mutex> lock(mutex_);
                items_ready_.wait_for(lock, std::chrono::milliseconds(50),
                                      [this] { return !queue_.empty() || done_; });
                if (!queue_.empty()) {
                    out = std::move(queue_.front());
                    queue_.pop_front();
                    space_ready_.notify_one();
                    got = true;
                } else if (done_) {
                    finished = true;
                }
            }
            if (got) return true;
            if (finished) {
                if (error_) std::rethrow_exception(error_);
                return false;
            }
            if (PyErr_CheckSignals() != 0) {
                close();
                throw py::error_already_set();
            }
        }
    }

    // Cancels the search and waits for its thread (which never needs the GIL).
    void close() {
        token_.cancel();
        {
            std::lock_guard<std::mutex> lock(mutex_);
            space_ready_.notify_all();
        }
        if (thread_.joinable()) thread_.join();
    }

private:
    bool push(Item&& item) {
        std::unique_lock<std::mutex> lock(mutex_);
        space_ready_.wait(lock, [this] { return queue_.size() < capacity_ || token_.cancelled(); });
        if (token_.cancelled()) return false;
        queue_.push_back(std::move(item));
        items_ready_.notify_one();
        return true;
    }

    size_t capacity_;
    CancellationToken token_;
    std::mutex mutex_;
    std::condition_variable items_ready_, space_ready_;
    std::deque<Item> queue_;
    bool done_ = false;
    std::exception_ptr error_;
    std::thread thread_;
};

}  // namespace cassetete::bind
