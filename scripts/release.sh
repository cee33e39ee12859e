#!/usr/bin/env bash
# A release, in one command (docs/release.md):
#   scripts/release.sh VERSION NEXT REPOSITORY [MAVEN ARGS...]
#   e.g. scripts/release.sh 0.1.0 0.2.0-SNAPSHOT nexus::https://nexus.example.com/repository/maven-releases/
# From a clean tree on main: sets VERSION in the reactor's three poms (the parent, the library, the archetype),
# dates the CHANGELOG's "Unreleased" section, runs the whole build with the release's sources and javadoc and deploys
# it to REPOSITORY (id::url; the id names a <server> in settings.xml for its credentials), commits and tags vVERSION,
# then sets NEXT for the work after it. Nothing is committed or tagged unless the build and the deploy passed.
# MAVEN ARGS go to the deploy (-Pcentral for Maven Central, -DskipTests to leave loadlab's own tests out). Maven is the
# wrapper's (./mvnw: 3.9), the same for every release and the one -Pcentral needs.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo "usage: scripts/release.sh VERSION NEXT REPOSITORY [MAVEN ARGS...] (e.g. 0.1.0 0.2.0-SNAPSHOT id::https://host/repo/)" >&2
  exit 2
}
[ $# -ge 3 ] || usage
version=$1 next=$2 repository=$3
shift 3
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "release: VERSION must be MAJOR.MINOR.PATCH, not '$version'" >&2; exit 2; }
[[ $next == *-SNAPSHOT ]] || { echo "release: NEXT must end in -SNAPSHOT, not '$next'" >&2; exit 2; }
[[ $repository == *::* ]] || { echo "release: REPOSITORY must be id::url, not '$repository'" >&2; exit 2; }
[ -z "$(git status --porcelain)" ] || { echo "release: the tree has uncommitted changes; release from a clean checkout" >&2; exit 1; }
! git rev-parse -q --verify "refs/tags/v$version" >/dev/null || { echo "release: tag v$version exists" >&2; exit 1; }
grep -q '^## Unreleased' CHANGELOG.md || { echo "release: CHANGELOG.md has no '## Unreleased' section to release" >&2; exit 1; }

set_version() {
  ./mvnw -B -q -f parent org.codehaus.mojo:versions-maven-plugin:2.18.0:set -DnewVersion="$1" -DprocessAllModules=true \
    -DgenerateBackupPoms=false
}
set_version "$version"
sed -i "s/^## Unreleased$/## $version ($(date -u +%F))/" CHANGELOG.md
if ! ./mvnw -B -f parent -Prelease deploy -DaltDeploymentRepository="$repository" "$@"; then
  git checkout -- .
  echo "release: the build or the deploy failed; the tree is back as it was, nothing tagged" >&2
  exit 1
fi
git commit -qam "Release $version"
git tag -a "v$version" -m "loadlab $version"
set_version "$next"
sed -i "0,/^## $version/s//## Unreleased\n\n## $version/" CHANGELOG.md
git commit -qam "Back to $next"
echo "release: $version deployed to ${repository#*::} and tagged v$version; main is at $next (push both: git push --follow-tags)"
