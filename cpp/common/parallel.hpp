// A minimal work-sharing loop over [0, count) on std::threads (no global pool, no state kept).
#pragma once
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <thread>
#include <vector>

#include "common/limits.hpp"

namespace cassetete {

// Number of worker threads for `workers` (-1 or 0 = all hardware threads), never more than jobs.
inline int resolve_workers(int workers, size_t jobs) {
    int hardware = static_cast<int>(std::thread::hardware_concurrency());
    if (hardware <= 0) hardware = 1;
    int n = workers <= 0 ? hardware : workers;
    if (jobs < static_cast<size_t>(n)) n = static_cast<int>(std::max<size_t>(jobs, 1));
    return n;
}

// Calls body(index, worker_id) for every index, chunks of `chunk` indices at a time, worker 0
// being the calling thread. Once `cancel` (may be null) is cancelled no new index is started, so
// a Ctrl-C seen by one worker stops them all. The first exception thrown by a body is rethrown on
// the caller's thread.
template <class Body>
void parallel_for(size_t count, int workers, size_t chunk, Body&& body, const CancellationToken* cancel = nullptr) {
    const int n = resolve_workers(workers, (count + chunk - 1) / std::max<size_t>(chunk, 1));
    auto cancelled = [cancel]() { return cancel != nullptr && cancel->cancelled(); };
    if (n <= 1) {
        for (size_t i = 0; i < count && !cancelled(); ++i) body(i, 0);
        return;
    }
    std::atomic<size_t> next{0};
    std::exception_ptr error;
    std::atomic<bool> failed{false};
    auto run = [&](int worker_id) {
        try {
            while (!failed.load(std::memory_order_relaxed)) {
                size_t begin = next.fetch_add(chunk);
                if (begin >= count) break;
                size_t end = std::min(count, begin + chunk);
                for (size_t i = begin; i < end && !cancelled(); ++i) body(i, worker_id);
            }
        } catch (...) {
            if (!failed.exchange(true)) error = std::current_exception();
        }
    };
    std::vector<std::thread> threads;
    for (int w = 1; w < n; ++w) threads.emplace_back(run, w);
    run(0);
    for (auto& t : threads) t.join();
    if (error) std::rethrow_exception(error);
}

}  // namespace cassetete
