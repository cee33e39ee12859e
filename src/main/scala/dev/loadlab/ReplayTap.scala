package dev.loadlab

import java.nio.charset.StandardCharsets
import java.nio.file.Path
import java.util.{Map => JMap}

import scala.jdk.CollectionConverters._

import dev.loadlab.replay.{Exchange, ReplayLog, Sent}
import dev.loadlab.settings.Settings
import io.gatling.commons.validation.{Success, Validation}
import io.gatling.core.session.Session
import io.gatling.http.response.Response

/**
 * Gatling's side of the replay check (-Dreplay=true): each response of an own experiment's `request(...)`, as Gatling
 * hands it to the request's checks, appended to target/loadlab/replay.tsv with what was sent (the method, URL,
 * headers, cookies and body, secrets masked by dev.loadlab.replay.Sent). The response goes on unchanged.
 */
private[loadlab] object ReplayTap {

  def apply(wire: String, experiment: String, name: String): (Response, Session) => Validation[Response] = {
    val file = sys.props
      .get(Settings.FILE_PROPERTY)
      .map(resolved => Path.of(resolved).toAbsolutePath.getParent.resolve(ReplayLog.FILE))
      .getOrElse(Path.of("target/loadlab").resolve(ReplayLog.FILE))
    val secrets = Sent.secrets(experiment, sys.env.asJava)
    (response, _) => {
      val request = response.request
      val headers = request.getHeaders.asScala.map(h => JMap.entry(h.getKey, h.getValue)).toList
      // the cookies Gatling adds are in the headers by the time the answer comes; else they are its cookie list
      val cookies = request.getCookies.asScala.map(c => c.name + "=" + c.value)
      val sent =
        if (cookies.isEmpty || headers.exists(_.getKey.equalsIgnoreCase("cookie"))) headers
        else headers :+ JMap.entry("Cookie", cookies.mkString("; "))
      val body = Option(request.getBody).map(b => new String(b.getBytes, StandardCharsets.UTF_8)).getOrElse("")
      ReplayLog.append(
        file,
        new Exchange(
          "gatling",
          wire,
          experiment,
          name,
          response.status.code,
          Sent.describe(request.getMethod.name, request.getUri.toUrl, sent.asJava, body, secrets))
      )
      Success(response)
    }
  }
}
