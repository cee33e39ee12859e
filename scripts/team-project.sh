# Sourced by the checks that run a team's project: one made as docs/team-project.md says, outside this tree.
#   team_project WORK OUT [NAME]: the archetype of the loadlab in ~/.m2 (`mvn -f parent install -DskipTests`)
#   generates WORK/NAME, shop-load unless named (the archetype plugin is fetched once from Maven Central; all after it
#   can run offline), its log in OUT/generate.log; sets project. Needs fail (the calling check's one-line failure).
team_project() {
  local work=$1 out=$2 name=${3:-shop-load} version
  . "$(dirname "${BASH_SOURCE[0]}")/loadlab-version.sh"
  version=$(loadlab_version)
  (cd "$work" && mvn -B -q org.apache.maven.plugins:maven-archetype-plugin:3.4.1:generate -DinteractiveMode=false \
    -DarchetypeGroupId=dev.loadlab -DarchetypeArtifactId=loadlab-archetype -DarchetypeVersion="$version" \
    -DgroupId=com.example -DartifactId="$name" >"$out/generate.log" 2>&1) \
    || fail "the archetype made no project, see $out/generate.log (is loadlab installed: mvn -f parent install -DskipTests?)"
  project=$work/$name
}

# verify DIR LOG ARGS...: mvn -o verify in DIR as a user runs it; the gate must pass. Each says its time, so that the
# check's own time is seen where it goes. Needs check (the calling check's name in its lines).
verify() {
  local dir=$1 log=$2 started=$SECONDS
  shift 2
  echo "[loadlab] $check: mvn verify $* in $dir (log $log)"
  # bounded: a plan that never ends must not hold CI (the stop-with-build agent ends every JVM with Maven)
  (cd "$dir" && timeout 900 mvn -B -o verify "$@" >"$log" 2>&1) || fail "mvn verify failed, see $log"
  grep -q "loadlab gate: passed" "$log" || fail "the gate did not pass, see $log"
  echo "[loadlab] $check: $(( SECONDS - started )) s: mvn verify $*"
}
