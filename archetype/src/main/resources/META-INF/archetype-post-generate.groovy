// The archetype copies files without their modes: the Maven wrapper becomes a script the shell runs again (./mvnw).
def project = new File(request.outputDirectory, request.artifactId)
new File(project, "mvnw").setExecutable(true, false)
// A .gitignore would be left out of the archetype's jar (Ant's default excludes): it comes as gitignore and is named here.
new File(project, "gitignore").renameTo(new File(project, ".gitignore"))
