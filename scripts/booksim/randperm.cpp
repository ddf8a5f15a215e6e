// Prints BookSim2's random permutation (traffic = randperm) for each (seed, nodes) pair on
// the command line, one line each: "SEED NODES: D0 D1 ...", Di being source i's destination.
// Built against BookSim2's own sources by scripts/booksim/randperm.sh, which writes
// core/tests/data/booksim_randperm.txt; core/sim's knuth.rs is held to that file.
#include <cstdlib>
#include <iostream>
#include <string>

#include "traffic.hpp"

int main(int argc, char **argv) {
  for (int a = 1; a + 1 < argc; a += 2) {
    int nodes = std::atoi(argv[a + 1]);
    // BookSim2's own factory, as a configuration's traffic = randperm(SEED) reaches it.
    TrafficPattern *t =
        TrafficPattern::New("randperm(" + std::string(argv[a]) + ")", nodes, NULL);
    std::cout << argv[a] << " " << nodes << ":";
    for (int s = 0; s < nodes; ++s) {
      std::cout << " " << t->dest(s);
    }
    std::cout << "\n";
    delete t;
  }
  return 0;
}
