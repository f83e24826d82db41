"""setup.py: the build of `pip install .` (pyproject.toml) for python/ncleaner/.

The package is Python alone (ctypes); what it needs is libncleaner. The
build writes the package's _paths.py naming the library it takes, the
first of:
  1. $NCLEANER_LIBRARY, a libncleaner.so.N (N: ncleaner.h's
     NCLEANER_API_VERSION), with the rules and models it was built for;
  2. an installed libncleaner that pkg-config finds (make install, or
     PKG_CONFIG_PATH), with its own rules and models;
  3. one built here: ./configure and make in setuptools' build directory
     (the tools and libraries of the README's dependency line), or in the
     source tree when it is configured in place; the library, rules and
     models are copied into the package.
NCLEANER_BUILD=1 goes to 3 at once; NCLEANER_MAKE_JOBS (default 2) is
make's -j. Nothing is downloaded.
"""
import os
import re
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))


def _read(path):
    with open(os.path.join(HERE, path), encoding="utf-8") as f:
        return f.read()


VERSION = re.search(r"AC_INIT\(\[ncleaner\], \[([^]]+)\]", _read("configure.ac")).group(1)
API_VERSION = re.search(r"#define NCLEANER_API_VERSION (\d+)", _read("src/ncleaner.h")).group(1)
SONAME = "libncleaner.so." + API_VERSION


def _installed_libdir():
    """The libdir of an installed libncleaner, by pkg-config, or None."""
    try:
        libdir = subprocess.run(["pkg-config", "--variable=libdir", "ncleaner"],
                                capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    sysroot = os.environ.get("PKG_CONFIG_SYSROOT_DIR", "")
    if sysroot and not libdir.startswith(sysroot):   # pkg-config 0.29 leaves it out
        libdir = sysroot.rstrip("/") + libdir
    return libdir if os.path.exists(os.path.join(libdir, SONAME)) else None


def _make_environment():
    """make's environment, without the jobserver of a make that runs pip."""
    return {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}


def _build_library(build_temp):
    """Configure and make libncleaner; the directory of the build tree."""
    if os.path.exists(os.path.join(HERE, "config.status")):
        tree = HERE   # configured in place: configure elsewhere would refuse
    else:
        tree = os.path.join(os.path.abspath(build_temp), "libncleaner")
        if not os.path.exists(os.path.join(HERE, "configure")):
            if not shutil.which("autoreconf"):
                raise SystemExit("ncleaner: no ./configure and no autoreconf to make it "
                                 "(Debian: autoconf automake libtool)")
            subprocess.run(["autoreconf", "-fi"], cwd=HERE, check=True)
        if not os.path.exists(os.path.join(tree, "Makefile")):
            os.makedirs(tree, exist_ok=True)
            subprocess.run([os.path.join(HERE, "configure"), "--quiet"], cwd=tree, check=True,
                           env=_make_environment())
    jobs = os.environ.get("NCLEANER_MAKE_JOBS", "2")
    subprocess.run(["make", "-s", "-j" + jobs, "src/base/install-dirs.h", "src/libncleaner.la"],
                   cwd=tree, check=True, env=_make_environment())
    return tree


def _copy_data(package):
    """The rules and models the library reads (--data-dir) into the package."""
    data = os.path.join(package, "data")
    for folder, pattern in (("regex", r"\.rules$"), ("models", r"\.model$"),
                            (os.path.join("models", "stopwords"), r"\.txt$|^README$|^APACHE")):
        os.makedirs(os.path.join(data, folder), exist_ok=True)
        for name in os.listdir(os.path.join(HERE, folder)):
            if re.search(pattern, name):
                shutil.copyfile(os.path.join(HERE, folder, name), os.path.join(data, folder, name))


class BuildWithLibrary(build_py):
    """build_py, then the package's _paths.py (and, built here, the library)."""

    def run(self):
        super().run()
        package = os.path.join(self.build_lib, "ncleaner")
        libdir = data_dir = None
        if os.environ.get("NCLEANER_BUILD") != "1":
            given = os.environ.get("NCLEANER_LIBRARY")
            libdir = os.path.dirname(os.path.abspath(given)) if given else _installed_libdir()
        if libdir:
            self.announce("ncleaner: libncleaner of %s" % libdir, level=2)
        else:
            tree = _build_library(self.get_finalized_command("build").build_temp)
            shutil.copyfile(os.path.join(tree, "src", ".libs", SONAME),
                            os.path.join(package, SONAME))
            _copy_data(package)
            libdir, data_dir = ".", "data"   # beside _paths.py
        template = _read(os.path.join("python", "ncleaner", "_paths.py.in"))
        text = template.replace('LIBDIR = "@libdir@"', "LIBDIR = %r" % libdir)
        text = text.replace("DATA_DIR = None", "DATA_DIR = %r" % data_dir)
        with open(os.path.join(package, "_paths.py"), "w", encoding="utf-8") as f:
            f.write(text)


class MachineDistribution(Distribution):
    """A wheel for this machine: it names (or holds) a library built for it."""

    def has_ext_modules(self):
        return True


setup(version=VERSION, cmdclass={"build_py": BuildWithLibrary}, distclass=MachineDistribution)
