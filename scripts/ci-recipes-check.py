#!/usr/bin/env python3
"""The pipelines of docs/ci.md run as written, each in a clean clone of a team's repository, one after the other.

usage: LOADLAB_CI_REPOSITORY=DIR python3 scripts/ci-recipes-check.py PROJECT TARGET_URL [NAME=VALUE ...]

PROJECT: a team's project as the archetype made it (not changed here); it becomes a git repository's first commit,
with its .gitignore and its loadlab.properties, the NAME=VALUE lines given added (the team's settings, checked in). Each
pipeline's shell commands are taken from docs/ci.md's blocks and run in a fresh clone with the CI's variables set;
the CI's own steps are played by stand-ins: checkout (the clone), Java (this machine's), artifact upload and download
(a folder: the last green run's reports, which the next pipeline gets as its baseline), JUnit publishing (the XML must
be there). GitLab's pipeline is run by a real GitLab CI interpreter, gitlab-ci-local (npm; a shell executor: the job as
written but for its image: line).

Each runs as on a runner with nothing of this machine's Maven: a home of its own (HOME, and the JVMs' user.home) whose
settings.xml names the repository loadlab was deployed to (LOADLAB_CI_REPOSITORY, a folder served here over HTTP on
loopback, as docs/release.md's runner has it; scripts/release-check.sh deploys it) beside Maven Central. GitHub's is a
first run: an empty home and cache, everything fetched, every loadlab file from that repository. GitLab's cache and
Jenkins' agent's ~/.m2 are those an earlier run left: a copy of the local repository GitHub's run filled, never ~/.m2. With LOADLAB_CI_WORK set, all is made there and kept (the first pipeline's clone
is github/repo). Each must pass, post reports/summary.md, and, from the second on, compare with the
baseline it fetched. Prints each pipeline's time; exits non-zero on the first that does not hold.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "ci.md"


def fail(why):
    print("[loadlab] ci recipes check: FAILED: " + why, file=sys.stderr)
    sys.exit(1)


def blocks(text):
    """The first fenced block under each '## ' heading, by heading."""
    out, heading = {}, None
    for m in re.finditer(r"^## ([^\n]+)$|^```(\w+)\n(.*?)^```$", text, re.M | re.S):
        if m.group(1):
            heading = m.group(1).strip()
        elif heading and heading not in out:
            out[heading] = m.group(3)
    return out


class Step:
    """One step of a pipeline: a shell command ('run'), or a CI's own step played by a stand-in ('uses')."""

    def __init__(self, kind, what, env=None, always=False):
        self.kind, self.what, self.env, self.always = kind, what, env or {}, always


def github(text, ci):
    steps = []
    for s in yaml.safe_load(text)["jobs"]["load"]["steps"]:
        always = s.get("if") == "always()"
        env = {k: expression(v, ci) for k, v in (s.get("env") or {}).items()}
        if "run" in s:
            steps.append(Step("run", s["run"], env, always))
        else:
            steps.append(Step("uses", s["uses"].split("@")[0], s.get("with") or {}, always))
    return steps


def expression(value, ci):
    """GitHub's ${{ ... }} as the check's CI gives them: vars and secrets by name, github.token."""
    return re.sub(r"\$\{\{\s*([\w.]+)\s*\}\}", lambda m: ci.get(m.group(1).split(".")[-1], ""), str(value))


def gitlab(text):
    """The job as written, for gitlab-ci-local: without its image: line (a shell executor runs it here)."""
    pipeline = yaml.safe_load(text)
    del pipeline["load"]["image"]
    steps = [Step("run", "gitlab-ci-local --shell-executor-no-image --variable TARGET_URL=\"$TARGET_URL\""
                  " --variable CI_API_V4_URL=https://gitlab.invalid/api/v4 --variable CI_DEFAULT_BRANCH=main load")]
    steps.append(Step("uses", "artifacts", pipeline["load"]["artifacts"], always=True))
    return steps, yaml.safe_dump(pipeline, sort_keys=False)


def jenkins(text):
    stages, post = text.split("post {", 1)
    steps = []
    for m in re.finditer(r"copyArtifacts\((.*?)\)|sh '(.*?)'", stages):
        steps.append(Step("uses", "copyArtifacts", {"args": m.group(1)}) if m.group(1) else Step("run", m.group(2)))
    for m in re.finditer(r"junit testResults: '([^']+)'|archiveArtifacts artifacts: '([^']+)'|sh '(.*?)'", post):
        if m.group(1):
            steps.append(Step("uses", "junit", {"paths": m.group(1)}, always=True))
        elif m.group(2):
            steps.append(Step("uses", "archiveArtifacts", {"paths": m.group(2)}, always=True))
        else:
            steps.append(Step("run", m.group(3), always=True))
    return steps


class Run:
    """One pipeline in its clone: runs its steps in order, stops running the rest (but the 'always' ones) on a failure."""

    def __init__(self, name, clone, store, stand_ins, env, home):
        self.name, self.clone, self.store, self.env = name, clone, store, env
        self.env["PATH"] = str(stand_ins) + os.pathsep + os.environ["PATH"]
        self.env["LOADLAB_CHECK_STORE"] = str(store)
        # the runner's home: the shell's ~, and Maven's (a JVM takes user.home from the password file, not HOME)
        self.env["HOME"] = str(home)
        self.env["JAVA_TOOL_OPTIONS"] = f"-Duser.home={home}"
        self.failed, self.output = False, ""

    def shell(self, command, env):
        log = self.clone.parent / (self.name + ".log")
        with open(log, "a") as out:
            done = subprocess.run(["bash", "-e", "-c", command], cwd=self.clone, env={**self.env, **env},
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=900)
            out.write(done.stdout)
        self.output += done.stdout
        return done.returncode == 0

    def keep(self, paths):
        """An artifact upload: reports/ into the store, marked green when the run so far is."""
        shutil.rmtree(self.store / "reports", ignore_errors=True)
        if (self.clone / "reports").is_dir():
            shutil.copytree(self.clone / "reports", self.store / "reports")
        (self.store / "green").write_text("yes" if not self.failed else "no")

    def junit(self, pattern):
        found = list(self.clone.glob(pattern))
        if not found or "<testcase" not in found[0].read_text():
            fail(f"{self.name}: no JUnit XML at {pattern}")

    def step(self, s):
        if self.failed and not s.always:
            return
        if s.kind == "run":
            self.failed |= not self.shell(s.what, s.env)
        elif s.what in ("actions/upload-artifact", "artifacts", "archiveArtifacts"):
            self.keep(s.env)
            if s.what == "artifacts":
                self.junit(s.env["reports"]["junit"])
        elif s.what in ("mikepenz/action-junit-report", "junit"):
            self.junit(s.env.get("report_paths") or s.env["paths"])
        elif s.what == "copyArtifacts":
            if (self.store / "green").is_file() and (self.store / "green").read_text() == "yes":
                shutil.copytree(self.store / "reports", self.clone / "baseline" / "reports")
        elif s.what in ("actions/checkout", "actions/setup-java"):
            pass  # the clone is the checkout; this machine's Java is the runner's; a first run's cache is empty
        else:
            fail(f"{self.name}: docs/ci.md uses {s.what}, which this check has no stand-in for")


STAND_INS = {
    # gh run list ... --jq ...: the last green run's id, none before one; gh run download ID --name N --dir D
    "gh": """#!/usr/bin/env bash
store=$LOADLAB_CHECK_STORE
case "$1 $2" in
  "run list") [ "$(cat "$store/green" 2>/dev/null)" = yes ] && echo 7; exit 0 ;;
  "run download") while [ $# -gt 0 ]; do [ "$1" = --dir ] && dir=$2; shift; done
    mkdir -p "$dir" && cp -r "$store/reports/." "$dir/" ;;
  *) echo "gh stand-in: $*: not played" >&2; exit 2 ;;
esac
""",
    # GitLab's artifacts API: the last green run's reports/ as a zip; any other URL goes to the real curl
    "curl": """#!/usr/bin/env bash
store=$LOADLAB_CHECK_STORE
for a in "$@"; do case "$a" in *"/jobs/artifacts/"*) artifacts=1 ;; esac; done
[ -z "${artifacts:-}" ] && exec /usr/bin/curl "$@"
while [ $# -gt 0 ]; do [ "$1" = --output ] && out=$(realpath -m "$2"); shift; done
[ "$(cat "$store/green" 2>/dev/null)" = yes ] || exit 22
(cd "$store" && python3 -c 'import shutil,sys; shutil.make_archive(sys.argv[1], "zip", ".", "reports")' "${out%.zip}")
""",
}


def main():
    project, target = Path(sys.argv[1]).resolve(), sys.argv[2]
    settings = sys.argv[3:]
    kept = os.environ.get("LOADLAB_CI_WORK")  # the caller reads the clones' reports there; else all goes at the end
    work = Path(kept) if kept else Path(tempfile.mkdtemp(prefix="loadlab-ci-"))
    work.mkdir(parents=True, exist_ok=True)
    origin = work / "origin"
    shutil.copytree(project, origin, ignore=shutil.ignore_patterns("target", "reports"))
    # the project's own .gitignore and loadlab.properties, as the archetype made them; the team's settings added
    ignored = (origin / ".gitignore").read_text().split()
    missing = [p for p in ("target/", "reports/", "baseline/", ".m2/") if p not in ignored]
    if missing:
        sys.exit(f"the team project's .gitignore leaves {missing} to git")
    with open(origin / "loadlab.properties", "a") as f:
        f.write("".join(s + "\n" for s in settings))
    git = ["git", "-c", "user.name=ci", "-c", "user.email=ci@localhost", "-c", "init.defaultBranch=main"]
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "a team's load tests"]):
        subprocess.run(git + command, cwd=origin, check=True)
    stand_ins = work / "stand-ins"
    stand_ins.mkdir()
    for name, body in STAND_INS.items():
        (stand_ins / name).write_text(body)
        (stand_ins / name).chmod(0o755)
    store = work / "store"
    store.mkdir()
    repository = Path(os.environ["LOADLAB_CI_REPOSITORY"])
    server = subprocess.Popen([sys.executable, str(ROOT / "scripts" / "maven-repo.py"), "--root", str(repository),
                               "--port-file", str(work / "repository-port")])
    try:
        run_pipelines(project, target, work, store, stand_ins, origin)
    finally:
        server.terminate()
        server.wait()
    if not kept:
        shutil.rmtree(work)


def runner_home(home, url, cache=None):
    """A runner's home: its settings.xml naming the repository loadlab is deployed to; its ~/.m2/repository the cache
    an earlier run left (hard links: a copy that costs nothing), or none."""
    (home / ".m2").mkdir(parents=True)
    settings = (ROOT / "scripts" / "release-settings.xml").read_text().replace("@URL@", url)
    (home / ".m2" / "settings.xml").write_text(settings)
    if cache:
        subprocess.run(["cp", "-al", str(cache), str(home / ".m2" / "repository")], check=True)


def from_repository(local):
    """The loadlab files of a runner's local repository (the parent's pom, the library's pom and jars), each from the
    repository loadlab was deployed to (its id in release-settings.xml, loadlab), none from anywhere else."""
    marks = list((local / "dev" / "loadlab").rglob("_remote.repositories"))
    fetched = {m.parent.parent.name for m in marks}
    if fetched != {"loadlab-parent", "loadlab"} or any(">loadlab=" not in m.read_text() for m in marks):
        fail(f"loadlab's artifacts in {local} did not all come from the repository loadlab was deployed to")
    return sum(m.read_text().count(">loadlab=") for m in marks)


def run_pipelines(project, target, work, store, stand_ins, origin):
    for _ in range(50):
        if (work / "repository-port").is_file() and (work / "repository-port").read_text():
            break
        time.sleep(0.1)
    url = f"http://127.0.0.1:{(work / 'repository-port').read_text()}/"
    recipes = blocks(DOC.read_text())
    base = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "CI_", "MAVEN_"))}
    ci = {"TARGET_URL": target, "LOADLAB_TARGET_TOKEN": "", "token": "a-token"}
    gitlab_steps, gitlab_ci_yml = gitlab(recipes["GitLab CI"])
    pipelines = [
        ("github", github(recipes["GitHub Actions"], ci), {"GITHUB_STEP_SUMMARY": str(work / "github-summary.md")}),
        ("gitlab", gitlab_steps, {"TARGET_URL": target}),  # gitlab-ci-local gives the job GitLab's own variables
        ("jenkins", jenkins(recipes["Jenkins"]), {"JOB_NAME": "load", "TARGET_URL": target}),
    ]
    for i, (name, steps, env) in enumerate(pipelines):
        clone = work / name / "repo"
        clone.parent.mkdir()
        subprocess.run(["git", "clone", "-q", str(origin), str(clone)], check=True)
        env = {**base, **env}
        home = work / name / "home"
        cache = work / "github" / "home" / ".m2" / "repository"  # the first run's, once it ran
        runner_home(home, url, cache if name == "jenkins" else None)  # the agent's ~/.m2 an earlier build left
        if name == "gitlab":
            (clone / ".gitlab-ci.yml").write_text(gitlab_ci_yml)
            # the job's cache (.m2/repository in the project's folder) as an earlier pipeline saved it
            (clone / ".m2").mkdir()
            subprocess.run(["cp", "-al", str(cache), str(clone / ".m2" / "repository")], check=True)
        run = Run(name, clone, store, stand_ins, env, home)
        started = time.time()
        for s in steps:
            run.step(s)
        seconds = time.time() - started
        if run.failed:
            fail(f"{name}: a step failed, see {clone.parent / (name + '.log')}")
        posted = Path(env["GITHUB_STEP_SUMMARY"]).read_text() if name == "github" else run.output
        if "## loadlab: " not in posted or "**Passed**" not in posted:
            fail(f"{name}: summary.md was not posted, or not passed")
        if i > 0 and not re.search(r"### loadlab: \S+ against \S+", posted):
            fail(f"{name}: the last green run's reports were not its baseline (no changes in summary.md)")
        first = ""
        if name == "github":
            local = home / ".m2" / "repository"
            first = (f", its home empty: {from_repository(local)} loadlab files from the deployed repository, all else"
                     f" from Maven Central ({sum(f.stat().st_size for f in local.rglob('*') if f.is_file()) >> 20} MB)")
        print(f"[loadlab] ci recipes check: {name} passed in {seconds:.0f} s"
              + (", against the baseline of the run before" if i > 0 else ", no baseline (the first run)")
              + (first or ", its Maven cache an earlier run's"))


if __name__ == "__main__":
    main()
