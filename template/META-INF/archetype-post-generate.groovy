// The archetype copies files without their modes: the Maven wrapper becomes a script the shell runs again (./mvnw).
def project = new File(request.outputDirectory, request.artifactId)
new File(project, "mvnw").setExecutable(true, false)
