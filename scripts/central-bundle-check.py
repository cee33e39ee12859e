#!/usr/bin/env python3
"""What Sonatype's Central Portal checks of a bundle, as far as it can be checked without it (docs/release.md).

usage: python3 scripts/central-bundle-check.py BUNDLE VERSION

BUNDLE: central-bundle.zip from `./mvnw -f parent -Prelease,central deploy -Dcentral.skipUpload=true`. For each of
loadlab's three artifacts at VERSION: its pom, its jars (the parent has none) with their sources and javadoc, each file
signed (an .asc that gpg verifies, with the GNUPGHOME the signing used) and with .md5 and .sha1 that match. Exits
non-zero on the first that does not hold. The pom's metadata Central also asks for (url, licenses, developers, scm)
is listed where missing, not failed on: loadlab has not chosen a licence yet (docs/release.md#maven-central).
"""
import hashlib
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ARTIFACTS = {
    "loadlab-parent": [".pom"],
    "loadlab": [".pom", ".jar", "-sources.jar", "-javadoc.jar"],
    "loadlab-archetype": [".pom", ".jar", "-sources.jar", "-javadoc.jar"],
}
CENTRAL_METADATA = ("name", "description", "url", "licenses", "developers", "scm")


def fail(why):
    print("[loadlab] central bundle check: FAILED: " + why, file=sys.stderr)
    sys.exit(1)


def main():
    bundle, version = Path(sys.argv[1]), sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        with zipfile.ZipFile(bundle) as z:
            z.extractall(tmp)
        root = Path(tmp) / "dev" / "loadlab"
        files = 0
        for artifact, suffixes in ARTIFACTS.items():
            for suffix in suffixes:
                path = root / artifact / version / f"{artifact}-{version}{suffix}"
                if not path.is_file():
                    fail(f"no {path.name} in the bundle")
                data = path.read_bytes()
                for algorithm in ("md5", "sha1"):
                    checksum = path.with_name(path.name + "." + algorithm)
                    if not checksum.is_file() or checksum.read_text().split()[0] != hashlib.new(algorithm, data).hexdigest():
                        fail(f"{path.name}: its .{algorithm} is missing or does not match")
                signature = path.with_name(path.name + ".asc")
                verified = subprocess.run(["gpg", "--batch", "--verify", str(signature), str(path)], capture_output=True)
                if not signature.is_file() or verified.returncode != 0:
                    fail(f"{path.name}: its signature is missing or does not verify: {verified.stderr.decode().strip()}")
                files += 1
            pom = (root / artifact / version / f"{artifact}-{version}.pom").read_text()
            pom = re.sub(r"<profiles>.*</profiles>", "", re.sub(r"<build>.*</build>", "", pom, flags=re.S), flags=re.S)
            missing = [m for m in CENTRAL_METADATA if f"<{m}>" not in pom]
            if missing:
                print(f"[loadlab] central bundle check: {artifact}'s pom lacks {', '.join(missing)}, which Central asks for")
        print(f"[loadlab] central bundle check: {files} files of 3 artifacts at {version}, each signed and summed,"
              f" in {bundle.name} ({bundle.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()
