"""python -m llvmown: the same as the llvmown command."""

from llvmown import main

main()
