// tabu_2 of Schaus and Deville, "Hybridation de la programmation par contraintes et d'un
// voisinage à très grande taille pour Eternity II" (section 4): after the neighbourhood moves a
// piece from cell a to cell b, moving a piece from b back to a is tabu for a random tenure.
//
// Kept as a short list of (destination, tabu until) per origin cell rather than an n x n table:
// a cell receives at most one piece per iteration, so it is the origin of at most `tenure` live
// reverse moves, and an insertion drops its list's expired entries. The lists hold at most
// cells * (tenure + 1) entries (a handful per chosen cell in practice), where the table held
// cells^2 (192 MB at 70 x 70).
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace cassetete::edgematch {

class ReverseMoveTabu {
public:
    explicit ReverseMoveTabu(int cells) : until_(static_cast<size_t>(cells)) {}

    // Moving a piece from `from` to `to` is tabu at the iterations below `until`. `now` is the
    // current iteration: the searches to come ask about later ones only, so an entry whose
    // `until` is not past `now` can never be tabu again and is dropped.
    void forbid(int from, int to, uint64_t until, uint64_t now) {
        auto& list = until_[static_cast<size_t>(from)];
        size_t kept = 0;
        bool found = false;
        for (auto entry : list) {
            if (entry.first == to) {
                entry.second = until;
                found = true;
            }
            if (entry.second > now) list[kept++] = entry;
        }
        list.resize(kept);
        if (!found && until > now) list.emplace_back(to, until);
    }

    // Whether moving a piece from `from` to `to` is tabu at iteration `now`.
    bool forbidden(int from, int to, uint64_t now) const {
        for (const auto& entry : until_[static_cast<size_t>(from)])
            if (entry.first == to) return entry.second > now;
        return false;
    }

    // Nothing tabu any more (a restart).
    void clear() {
        for (auto& list : until_) list.clear();
    }

    // Entries held (live, or expired but not yet dropped): at most cells * (tenure + 1).
    size_t entries() const {
        size_t total = 0;
        for (const auto& list : until_) total += list.size();
        return total;
    }

private:
    std::vector<std::vector<std::pair<int, uint64_t>>> until_;  // per origin cell: (destination, until)
};

}  // namespace cassetete::edgematch
