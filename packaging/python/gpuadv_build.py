"""The build backend of the gpuadv Python package (PEP 517), in the tree.

`pip install .` (pyproject.toml names this module) and `make wheel` call
build_wheel: it runs `make` for the extension, then writes a wheel of the
package packaging/python/gpuadv with the extension file, the repository's
VERSION and sql/*.sql inside it. It needs nothing beyond the standard
library, so it builds offline. The wheel is tagged py3-none-PLATFORM: it
holds no Python extension module, but a SQLite extension built for this
platform.

    python3 packaging/python/gpuadv_build.py [DIR]    # the wheel into DIR
"""
import base64
import hashlib
import io
import os
import subprocess
import sys
import sysconfig
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PKG = os.path.join(ROOT, "packaging", "python", "gpuadv")
NAME = "gpuadv"
SUMMARY = "GPU procurement as SQL: the gpuadv SQLite extension for Python's sqlite3"


def _version():
    with open(os.path.join(ROOT, "VERSION"), encoding="utf-8") as f:
        return f.read().strip()


def _platform_tag():
    return sysconfig.get_platform().replace("-", "_").replace(".", "_")


def _extension():
    """Builds the extension with make; returns its path."""
    r = subprocess.run(["make", "-s"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if r.returncode != 0:
        raise RuntimeError("make failed in %s:\n%s" % (ROOT, r.stdout.decode(errors="replace")[-4000:]))
    for suffix in (".so", ".dylib", ".dll"):
        p = os.path.join(ROOT, "gpuadv" + suffix)
        if os.path.isfile(p):
            return p
    raise RuntimeError("make built no gpuadv.so in %s" % ROOT)


def _metadata(version):
    return ("Metadata-Version: 2.1\nName: %s\nVersion: %s\nSummary: %s\nRequires-Python: >=3.8\n"
            "License: MIT\nDescription-Content-Type: text/markdown\n\n%s"
            % (NAME, version, SUMMARY, open(os.path.join(PKG, "..", "README.md"), encoding="utf-8").read()))


def _files(version):
    """(path in the wheel, bytes) of everything but the dist-info."""
    out = []
    for name in sorted(os.listdir(PKG)):
        if name.endswith(".py"):
            with open(os.path.join(PKG, name), "rb") as f:
                out.append(("gpuadv/" + name, f.read()))
    out.append(("gpuadv/VERSION", (version + "\n").encode()))
    ext = _extension()
    with open(ext, "rb") as f:
        out.append(("gpuadv/" + os.path.basename(ext), f.read()))
    sql = os.path.join(ROOT, "sql")
    for name in sorted(os.listdir(sql)):
        if name.endswith(".sql"):
            with open(os.path.join(sql, name), "rb") as f:
                out.append(("gpuadv/sql/" + name, f.read()))
    return out


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (path, digest, len(data))


def get_requires_for_build_wheel(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    version = _version()
    tag = "py3-none-" + _platform_tag()
    dist_info = "%s-%s.dist-info" % (NAME, version)
    files = _files(version)
    files.append((dist_info + "/METADATA", _metadata(version).encode()))
    files.append((dist_info + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: gpuadv_build\nRoot-Is-Purelib: false\n"
                                         "Tag: %s\n" % tag).encode()))
    files.append((dist_info + "/top_level.txt", b"gpuadv\n"))
    record = "\n".join(_record_line(p, d) for p, d in files) + "\n" + dist_info + "/RECORD,,\n"
    files.append((dist_info + "/RECORD", record.encode()))
    name = "%s-%s-%s.whl" % (NAME, version, tag)
    os.makedirs(wheel_directory, exist_ok=True)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for p, d in files:
            info = zipfile.ZipInfo(p, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if p.endswith((".so", ".dylib", ".dll")) else 0o644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, d)
    with open(os.path.join(wheel_directory, name), "wb") as f:
        f.write(buf.getvalue())
    return name


if __name__ == "__main__":
    try:
        print(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "build/dist",
                           build_wheel(sys.argv[1] if len(sys.argv) > 1 else "build/dist")))
    except RuntimeError as e:
        sys.stderr.write("gpuadv_build: %s\n" % e)
        sys.exit(1)
