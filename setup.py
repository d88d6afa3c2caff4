"""Builds the `_adjutant` extension with the project's CMake (pyproject.toml holds the metadata).

The extension is built in build/py for the interpreter running this script, so
`/usr/bin/python3 -m pip install --no-build-isolation .` gives Debian's Python its own build.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build_dir = ROOT / "build" / "py"
        out_dir = build_dir / "python"
        subprocess.run(
            ["cmake", "-S", str(ROOT), "-B", str(build_dir), "-G", "Ninja",
             "-DCMAKE_BUILD_TYPE=Release", "-DADJUTANT_TESTS=OFF", "-DADJUTANT_BENCH=OFF",
             f"-DPython_EXECUTABLE={sys.executable}",
             f"-DCMAKE_LIBRARY_OUTPUT_DIRECTORY={out_dir}"],
            check=True, stdout=subprocess.DEVNULL)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", "2")
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "_adjutant", "-j", jobs], check=True)
        built = next(out_dir.glob("_adjutant*.so"))
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, target)


setup(ext_modules=[Extension("adjutant._adjutant", sources=[])], cmdclass={"build_ext": CMakeBuild})
