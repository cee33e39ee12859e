package dev.loadlab

import java.net.URI

import scala.util.Try

/** A knob that cannot be used: the message is the one line the user sees, naming the property and what it accepts. */
final class KnobError(message: String) extends RuntimeException(message, null, false, false)

/**
 * Reads typed knobs from a property source. Every reader takes the default and the allowed range up front, so a
 * bad value stops the run before any load is sent, with one line that names the property and its allowed values.
 */
final class Knobs(lookup: String => Option[String]) {

  private def raw(name: String): Option[String] = lookup(name).map(_.trim).filter(_.nonEmpty)

  private def fail(name: String, value: String, allowed: String): Nothing =
    throw new KnobError(s"-D$name=$value is not allowed: expected $allowed")

  def int(name: String, default: Int, min: Int, max: Int): Int =
    raw(name).fold(default)(v => parseInt(name, v, min, max))

  def double(name: String, default: Double, min: Double, max: Double): Double =
    raw(name).fold(default) { v =>
      Try(v.toDouble).toOption.filter(d => d >= min && d <= max).getOrElse(fail(name, v, s"a number in [$min, $max]"))
    }

  /** A comma-separated list of integers, each in [min, max]; never empty. */
  def ints(name: String, default: Seq[Int], min: Int, max: Int): Seq[Int] =
    raw(name).fold(default) { v =>
      val items = v.split(',').toSeq.map(_.trim)
      if (items.exists(_.isEmpty)) fail(name, v, s"a comma-separated list of integers in [$min, $max]")
      items.map(item => parseInt(name, item, min, max))
    }

  /** One of a fixed set of names (case-sensitive, as documented). */
  def oneOf[A](name: String, default: String, options: Seq[(String, A)]): A = {
    val value = raw(name).getOrElse(default)
    options.collectFirst { case (key, a) if key == value => a }
      .getOrElse(fail(name, value, options.map(_._1).mkString("one of ", "|", "")))
  }

  /** A comma-separated subset of a fixed set of names, in the order given. */
  def someOf[A](name: String, default: Seq[String], options: Seq[(String, A)]): Seq[A] = {
    val values = raw(name).fold(default)(_.split(',').toSeq.map(_.trim))
    val allowed = options.toMap
    values.map(v => allowed.getOrElse(v, fail(name, values.mkString(","), options.map(_._1).mkString("a comma-separated list of ", "|", ""))))
  }

  /** A comma-separated list of items that each parse on their own; never empty. */
  def listOf[A](name: String, default: String, allowed: String)(parse: String => Option[A]): Seq[A] = {
    val value = raw(name).getOrElse(default)
    val items = value.split(',').toSeq.map(_.trim)
    items.map(item => parse(item).getOrElse(fail(name, value, allowed)))
  }

  /** An absolute http(s) base URL with a host; returned without a trailing slash. */
  def baseUrl(name: String, default: String): String = {
    val value = raw(name).getOrElse(default)
    // An unresolved ${...}: the build knows the embedded server's ports only from pre-integration-test on.
    if (value.contains("${")) fail(name, value, "the URL of a running target, e.g. http://127.0.0.1:8080 (the embedded server runs only within mvn verify)")
    val uri = Try(new URI(value)).toOption
      .filter(u => Set("http", "https").contains(u.getScheme) && u.getHost != null && u.getQuery == null && u.getFragment == null)
    if (uri.isEmpty) fail(name, value, "an absolute http:// or https:// base URL such as http://127.0.0.1:8080")
    value.stripSuffix("/")
  }

  /** A path that starts with a slash, appended to the base URL. */
  def path(name: String, default: String): String = {
    val value = raw(name).getOrElse(default)
    if (!value.startsWith("/") || value.exists(c => c.isWhitespace || c == '?' || c == '#')) fail(name, value, "a URL path starting with /")
    value.stripSuffix("/")
  }

  private def parseInt(name: String, value: String, min: Int, max: Int): Int =
    value.toIntOption.filter(i => i >= min && i <= max).getOrElse(fail(name, value, s"an integer in [$min, $max]"))
}

object Knobs {
  def fromSystemProperties: Knobs = new Knobs(name => Option(System.getProperty(name)))
  def fromMap(values: Map[String, String]): Knobs = new Knobs(values.get)
}
