"""The package pre-commit installs for the `llvmown-pip` hook.

pre-commit installs a `language: python` hook by running `pip install .` in
a clone of the hook's repository: this file is what that installs. It holds
no code; it depends on the llvmown wheel of the same version
(scripts/release.sh builds it), which brings the self-contained executable
and puts `llvmown` on the hook's PATH. See docs/integration.md.
"""

import os
import re

from setuptools import setup

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "CMakeLists.txt"), encoding="utf-8") as f:
    VERSION = re.search(r"project\(llvmown VERSION ([0-9][0-9.]*)",
                        f.read()).group(1)

setup(
    name="llvmown-pre-commit",
    version=VERSION,
    description="pre-commit hook for llvmown (installs the llvmown wheel)",
    install_requires=["llvmown==" + VERSION],
    packages=[],
    py_modules=[],
)
