#!/usr/bin/env bash
# A release a team's CI can fetch (docs/release.md), shown as a runner meets it:
# 1. loadlab's reactor deployed with `mvn deploy` (sources and javadoc: -Prelease) to a Maven repository served over
#    HTTP on loopback (scripts/maven-repo.py), standing in for a team's Nexus, Artifactory or GitHub Packages;
# 2. then, with an EMPTY home (no ~/.m2, no settings) and only that repository beside Maven Central (the runner's
#    settings.xml, as docs/release.md gives it): a team's project generated from the deployed archetype. Its `mvn verify`
#    on a runner as empty is docs/ci.md's GitHub pipeline, run by scripts/ci-recipes-check.py from the repository this
#    check leaves in target/release-check/repository (own-scenario-check.sh).
# 3. Maven Central's bundle (-Pcentral, Maven 3.9 by ./mvnw) of a copy of the tree at the release version, signed with a
#    throwaway key made here and deleted after, checked as the Central Portal would (scripts/central-bundle-check.py).
# Needs Maven Central (the runner fetches everything but loadlab from there).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/target/release-check
. scripts/loadlab-version.sh
version=$(loadlab_version)

fail() {
  echo "[loadlab] release check: $*" >&2
  exit 1
}

repo_server=
cleanup() {
  [ -n "$repo_server" ] && kill "$repo_server" 2>/dev/null
  wait 2>/dev/null || true
  rm -rf "$out/gnupg" "$out/central"
}
trap cleanup EXIT

rm -rf "$out"
mkdir -p "$out"
python3 scripts/maven-repo.py --root "$out/repository" --port-file "$out/port" &
repo_server=$!
for _ in $(seq 50); do [ -s "$out/port" ] && break; sleep 0.1; done
[ -s "$out/port" ] || fail "the loopback repository did not start"
url=http://127.0.0.1:$(cat "$out/port")/

# 1. the release's deploy, as docs/release.md gives it, to the loopback repository
started=$SECONDS
mvn -B -f parent -Prelease deploy -DskipTests -DaltDeploymentRepository="loopback::$url" >"$out/deploy.log" 2>&1 \
  || fail "mvn deploy failed, see $out/deploy.log"
echo "[loadlab] release check: mvn -f parent -Prelease deploy: $(( SECONDS - started )) s"
deployed() { # deployed ARTIFACT SUFFIX...: each file of the artifact's snapshot (or release) in the repository
  local artifact=$1 dir=$out/repository/dev/loadlab/$1/$version
  shift
  for suffix in "$@"; do
    compgen -G "$dir/$artifact-*$suffix" >/dev/null || fail "$artifact: no *$suffix deployed in $dir"
  done
}
deployed loadlab-parent .pom
deployed loadlab .pom .jar -sources.jar -javadoc.jar
# the bases a team's simulations extend are in the main jar, beside the studies' simulations; nothing is in Gatling's
# packages, and there is no tests jar to fetch
jar=$(ls "$out"/repository/dev/loadlab/loadlab/"$version"/loadlab-*.jar | grep -v -- '-sources\|-javadoc' | head -1)
classes=$(unzip -Z1 "$jar")
for class in dev/loadlab/OwnSimulation.class dev/loadlab/OwnJavaSimulation.class dev/loadlab/simulations/CalibrationSimulation.class \
  dev/loadlab/gatling/GatlingInternals.class; do
  grep -qx "$class" <<<"$classes" || fail "$class is not in the library's jar $jar"
done
! grep -q '^io/' <<<"$classes" || fail "the library's jar has classes in another project's packages: $(grep '^io/' <<<"$classes" | head -3)"
unzip -Z1 "$(ls "$out"/repository/dev/loadlab/loadlab/"$version"/loadlab-*-sources.jar)" | grep -x dev/loadlab/OwnSimulation.scala >/dev/null \
  || fail "the library's sources jar has no dev/loadlab/OwnSimulation.scala"
! compgen -G "$out/repository/dev/loadlab/loadlab/$version/*-tests.jar" >/dev/null || fail "a tests jar was deployed"
deployed loadlab-archetype .pom .jar -sources.jar -javadoc.jar
grep -c '^PUT .* 201$' "$out/requests.log" | sed 's/^/[loadlab] release check: files deployed: /'

# 2. a runner with nothing local: its home is empty, its settings name the team's repository beside Maven Central
home=$out/runner
mkdir -p "$home/.m2"
sed "s|@URL@|$url|" scripts/release-settings.xml >"$home/.m2/settings.xml"
: >"$out/requests.log"
started=$SECONDS
(cd "$home" && HOME=$home MAVEN_OPTS="-Duser.home=$home" mvn -B -s "$home/.m2/settings.xml" \
  -Dmaven.repo.local="$home/.m2/repository" org.apache.maven.plugins:maven-archetype-plugin:3.4.1:generate \
  -DinteractiveMode=false -DarchetypeGroupId=dev.loadlab -DarchetypeArtifactId=loadlab-archetype \
  -DarchetypeVersion="$version" -DgroupId=com.example -DartifactId=shop-load >"$out/generate.log" 2>&1) \
  || fail "the archetype made no project on the empty runner, see $out/generate.log"
grep -q "^GET /dev/loadlab/loadlab-archetype/$version/.*\.jar 200$" "$out/requests.log" \
  || fail "the runner fetched no archetype from the loopback repository (see $out/requests.log)"
[ -f "$home/shop-load/pom.xml" ] || fail "the archetype made no project on the empty runner"
echo "[loadlab] release check: an empty runner generated the team's project from the deployed archetype: $(( SECONDS - started )) s"
rm -rf "$home"

# 3. Central's bundle: a release version, every file signed and summed, sources and javadoc beside each jar
release=${version%-SNAPSHOT}
mkdir -p "$out/central" "$out/gnupg"
chmod 700 "$out/gnupg"
export GNUPGHOME=$out/gnupg
gpg --batch --passphrase '' --quick-gen-key 'loadlab release check <release-check@localhost>' ed25519 sign 1d 2>"$out/gpg.log" \
  || fail "gpg made no key, see $out/gpg.log"
key=$(gpg --batch --list-keys --with-colons 2>/dev/null | awk -F: '/^fpr/ { print $10; exit }')
tar --exclude=./target --exclude=./reports --exclude=./.git --exclude='./*/target' -cf - . | tar -xf - -C "$out/central"
# the portal's token is only read at upload, which -Dcentral.skipUpload leaves out; the plugin asks for a <server> anyway
printf '<settings><servers><server><id>central</id><username>none</username><password>none</password></server></servers></settings>\n' \
  >"$out/central-settings.xml"
started=$SECONDS
(cd "$out/central" \
  && ./mvnw -B -q -f parent org.codehaus.mojo:versions-maven-plugin:2.18.0:set -DnewVersion="$release" \
    -DprocessAllModules=true -DgenerateBackupPoms=false \
  && ./mvnw -B -s "$out/central-settings.xml" -f parent -Prelease,central deploy -DskipTests -Dcentral.skipUpload=true \
    -Dgpg.keyname="$key") >"$out/central.log" 2>&1 || fail "the Central bundle was not made, see $out/central.log"
cp "$out/central/parent/target/central-publishing/central-bundle.zip" "$out/"
python3 scripts/central-bundle-check.py "$out/central-bundle.zip" "$release" || fail "the Central bundle does not hold"
echo "[loadlab] release check: ./mvnw -f parent -Prelease,central deploy -Dcentral.skipUpload=true: $(( SECONDS - started )) s"
