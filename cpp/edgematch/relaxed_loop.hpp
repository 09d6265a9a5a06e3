// The hybrid of Schaus and Deville, "Hybridation de la programmation par contraintes et d'un
// voisinage à très grande taille pour Eternity II", section 5: solve the problem with the joins
// around some pairwise non-adjacent cells relaxed (cp_model.hpp), fill those cells optimally
// with the pieces left over by one maximum-weight assignment (the very large neighbourhood of
// section 3), and while the filled board still has wrong joins ask CP for its next solution.
//
// Every solution of the puzzle restricted to the other cells is a solution of the relaxed
// problem, and the assignment finds a perfect fill whenever one exists, so running the loop to
// the end is exact. Stopped early, it returns the best filled board seen (a start for the local
// search).
#pragma once
#include <cstdint>
#include <vector>

#include "edgematch/cp_model.hpp"

namespace cassetete::edgematch {

struct RelaxedLoopOptions {
    CpOptions cp;                 // cp.relaxed: the relaxed cells; cp.count is set by the loop
    uint64_t max_solutions = 0;   // stop after this many relaxed solutions (0 = no limit)
};

struct RelaxedLoopResult {
    Status status = Status::unsatisfiable;  // solved = a full solution was found
    uint64_t relaxed_solutions = 0;         // relaxed solutions visited (the last one included)
    int best_score = -1;                    // best matched inner joins of a filled board
    std::vector<int> piece, rot;            // that board (empty when no relaxed solution)
    bool complete = false;                  // every relaxed solution was visited
    CpResult cp;                            // the CP search's own result (stats, deepest node)
};

// Fills the empty cells of a board with the unused pieces by one maximum-weight assignment,
// each cell's weight counting the joins it matches with placed neighbours (frame edges belong
// on the rim). Optimal when the empty cells are pairwise non-adjacent; otherwise the joins
// between two empty cells are left to chance. Returns the matched inner joins of the board.
int fill_relaxed_cells(const Puzzle& pz, std::vector<int>& piece, std::vector<int>& rot);

RelaxedLoopResult relaxed_loop(const Puzzle& pz, const RelaxedLoopOptions& opt, SearchControl& control);

}  // namespace cassetete::edgematch
