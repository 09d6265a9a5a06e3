// Stand-in for pentomino-solver-cli when clap etc. cannot be downloaded: the same flags
// (-q, -u, -b rect6x10 ..., -s optimized-small|optimized-large|default) and the same last line.
use pentomino_solver::solvers::{DefaultSolver, OptimizedSolver, OptimizedSolverType};
use pentomino_solver::Solver;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut unique = false;
    let mut board = "rect6x10".to_string();
    let mut solver = "default".to_string();
    let mut i = 1;
    while i < args.len() {
        match args[i].as_str() {
            "-q" | "--quiet" => {}
            "-u" | "--unique" => unique = true,
            "-b" | "--board" => { i += 1; board = args[i].clone(); }
            "-s" | "--solver" => { i += 1; solver = args[i].clone(); }
            a => { eprintln!("unknown argument {a}"); std::process::exit(2); }
        }
        i += 1;
    }
    let (rows, cols) = match board.as_str() {
        "rect3x20" => (3, 20), "rect4x15" => (4, 15), "rect5x12" => (5, 12), "rect6x10" => (6, 10),
        b => { eprintln!("unknown board {b}"); std::process::exit(2); }
    };
    let s: Box<dyn Solver> = match solver.as_str() {
        "default" => Box::new(DefaultSolver::new(rows, cols)),
        "optimized-small" => Box::new(OptimizedSolver::new(rows, cols, OptimizedSolverType::SmallTable)),
        "optimized-large" => Box::new(OptimizedSolver::new(rows, cols, OptimizedSolverType::LargeTable)),
        v => { eprintln!("unknown solver {v}"); std::process::exit(2); }
    };
    let now = Instant::now();
    let solutions = s.solve(0, unique);
    let elapsed = now.elapsed();
    println!("Found {} solutions in {elapsed:?}", solutions.len());
}
