# Sourced by the checks that make a team's project or deploy loadlab, from the repository's root: the version this
# tree builds (loadlab-parent's, as the root pom names it), which the archetype and the deploy carry.
loadlab_version() {
  sed -n 's|.*<artifactId>loadlab-parent</artifactId><version>\([^<]*\)</version>.*|\1|p' pom.xml | head -1
}
