
// Added by a staged change: no finding here.
unsigned answer() { return 42; }
