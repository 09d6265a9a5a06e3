// A stream of solutions that also tells how its search ended: BackgroundStream (bindings.hpp)
// plus the final count, completeness and statistics, so that Python can tell a stream that ran
// out of solutions from one that a time or node limit cut short.
#pragma once
#include <cstdint>
#include <memory>
#include <utility>

#include "bindings.hpp"

namespace cassetete::bind {

// How a streamed search ended (cpp/common/result.hpp); written by the search thread before it finishes.
using StreamOutcome = SearchOutcome;

template <class Item>
class SearchStream {
public:
    using Stream = BackgroundStream<Item>;
    // `run(emit, token, outcome)` runs the search, emits each solution and fills `outcome`.
    using Runner = std::function<void(const typename Stream::Emit&, const CancellationToken&, StreamOutcome&)>;

    explicit SearchStream(Runner run) : outcome_(std::make_shared<StreamOutcome>()) {
        auto outcome = outcome_;
        stream_ = std::make_unique<Stream>(
            [run = std::move(run), outcome](const typename Stream::Emit& emit, const CancellationToken& token) {
                run(emit, token, *outcome);
            });
    }

    bool next(Item& out) { return stream_->next(out); }
    void close() { stream_->close(); }

    // Stops the search if it still runs (joining its thread), then reports how it ended
    // (outcome_to_dict: {"status", "count", "complete", "stats"}).
    py::dict outcome() {
        stream_->close();
        return outcome_to_dict(*outcome_);
    }

private:
    std::shared_ptr<StreamOutcome> outcome_;
    std::unique_ptr<Stream> stream_;
};

// Registers SearchStream<Item> as a Python iterator class whose items are `convert(item)`.
template <class Item, class Convert>
void register_search_stream(py::module_& m, const char* name, Convert convert) {
    using S = SearchStream<Item>;
    py::class_<S>(m, name)
        .def("__iter__", [](S& self) -> S& { return self; })
        .def("__next__", [convert](S& self) {
            Item item;
            if (!self.next(item)) throw py::stop_iteration();
            return convert(item);
        })
        .def("close", &S::close, "Stop the search (the thread is joined).")
        .def("outcome", &S::outcome, "Stop the search if needed; {'count', 'complete', 'stats'}.");
}

}  // namespace cassetete::bind
