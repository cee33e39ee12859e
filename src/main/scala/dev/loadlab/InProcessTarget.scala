package dev.loadlab

import scala.jdk.CollectionConverters._

import dev.loadlab.server.{ReferenceServer, ServerSettings}
import dev.loadlab.settings.{SettingError, Settings, TargetKnobs => T}

/**
 * Gatling's own habit, `mvn gatling:test -Dgatling.simulationClass=...`, runs outside `mvn verify`: no build step
 * started or checked a target, and a target.properties left by an earlier build names a server that is gone. So
 * without -Dtarget.url the simulation gets a reference server of its own, started in Gatling's JVM on free loopback
 * ports, and HTTP/1.1 in clear (Gatling trusts no self-signed certificate that it was not given before it started).
 * The build's own runs are told apart by the -Dloadlab.wire that pom.xml passes to each wire's run: they use
 * the target the build wrote down.
 */
object InProcessTarget {
  private val BuildRun = "loadlab.wire"

  def settings(s: Settings): Settings =
    if (sys.props.contains(BuildRun) || sys.props.get(T.URL.name).exists(_.nonEmpty)) s
    else {
      if (s.get(T.PROTOCOL) == "http2")
        throw new SettingError(s"-D${T.PROTOCOL.name}=http2 is not allowed with mvn gatling:test on its own target:" +
          s" expected -D${T.URL.name} and -D${T.TLS_URL.name} naming a running target (or mvn verify -D${T.WIRES.name}=h2)")
      s.`with`(Map(T.URL.name -> server.httpUri.toString, T.TLS_URL.name -> server.tlsUri.toString).asJava)
    }

  /** One per JVM, whatever number of simulations it runs; it ends with the JVM. */
  private lazy val server: ReferenceServer = {
    val started = ReferenceServer.start(ServerSettings.of(
      Map("server.httpPort" -> "0", "server.tlsPort" -> "0", "server.adminPort" -> "0").asJava))
    sys.addShutdownHook(started.close())
    println(
      s"loadlab: no -D${T.URL.name}: a reference server in this JVM at ${started.httpUri} (mvn verify starts one" +
        " in a process of its own)")
    started
  }
}
