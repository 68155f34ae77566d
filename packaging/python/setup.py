"""The llvmown wheel: the self-contained executables of the release in a
Python package, and console scripts that run them. VERSION and PLATFORM are
written beside this file by scripts/release.sh."""

import os

from setuptools import Distribution, setup
from wheel.bdist_wheel import bdist_wheel

HERE = os.path.dirname(os.path.abspath(__file__))


def read(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return f.read().strip()


class PlatformWheel(bdist_wheel):
    """py3-none-<platform>: no Python ABI is used (the package only runs
    executables), but the executables are x86-64 Linux ones."""

    def finalize_options(self):
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self):
        return "py3", "none", read("PLATFORM")


class BinaryDistribution(Distribution):
    """Platform files: the wheel's root is platlib, where they belong."""

    def has_ext_modules(self):
        return True


setup(
    name="llvmown",
    distclass=BinaryDistribution,
    version=read("VERSION"),
    description="Finds misuse of LLVM object ownership in code that uses "
                "LLVM as a library",
    long_description=read("README.md"),
    long_description_content_type="text/markdown",
    packages=["llvmown"],
    package_data={"llvmown": ["data/**/*"]},
    entry_points={"console_scripts": [
        "llvmown = llvmown:main",
        "llvmown-measure = llvmown:measure",
    ]},
    cmdclass={"bdist_wheel": PlatformWheel},
    python_requires=">=3.6",
    zip_safe=False,
)
