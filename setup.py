"""Copy the top-level rule book, lessons and scenarios into the wheel.

A checkout reads ``rules/``, ``lessons/`` and ``scenarios/`` where they stand; an
installed wheel reads the copies placed under ``ecarte_tutor/data/`` here.
"""
import platform
import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

DATA_FOLDERS = ("rules", "lessons", "scenarios")


class BuildPyWithData(build_py):
    def run(self):
        super().run()
        root = Path(__file__).resolve().parent
        target = Path(self.build_lib) / "ecarte_tutor" / "data"
        for name in DATA_FOLDERS:
            if (root / name).is_dir():
                shutil.copytree(root / name, target / name, dirs_exist_ok=True)


# The compiled core of the analysis (ecarte_tutor/engine/_core.c; why C: pyproject.toml, beside the dependencies).
# optional: where no C compiler is found the package installs without it and runs the same Python search.
# The hidden-card model counts cards some hundred million times a question: on x86-64 the processor's own
# instruction (every x86-64 processor since 2008 has it), elsewhere the compiler's.
POPCOUNT = ["-mpopcnt"] if platform.machine().lower() in {"x86_64", "amd64"} else []
# -O3: the hidden-card model's loops over worlds and cards, unrolled; a discard's question took an eighth less CPU
# than at -O2 (bench/exchange_analysis_bench.py), with the same answers (the core does no floating point).
CORE = Extension("ecarte_tutor.engine._core", ["ecarte_tutor/engine/_core.c"],
                 depends=sorted(str(path) for path in Path("ecarte_tutor/engine").glob("_core*.h")),
                 extra_compile_args=["-O3", *POPCOUNT], optional=True)

setup(cmdclass={"build_py": BuildPyWithData}, ext_modules=[CORE])
