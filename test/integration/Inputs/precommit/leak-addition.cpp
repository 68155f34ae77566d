
// Added by a staged change: a TargetMachine that is never released.
bool hasTargetMachine(const Target *T, StringRef TT, const TargetOptions &Opts) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  return TM != nullptr;
}
