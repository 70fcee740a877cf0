package org.pufferflow.jobs.mechanism;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.PublicEvolving;
import org.pufferflow.jobs.io.OutputKind;

/**
 * The registered {@link MechanismUnit}s, in registration order: every line of every
 * {@code META-INF/services/org.pufferflow.jobs.mechanism.MechanismUnit} resource on the class path, the project's own
 * file first (its three mechanisms, in the order the job lists their sections and outputs), then any other (a
 * deployment's or a test's own mechanism). A registration is one line naming a class with a public no-argument
 * constructor; a class named twice is registered once. Two units with one section name are refused.
 */
@PublicEvolving
public final class Mechanisms {

  /** The registration resource. */
  public static final String RESOURCE = "META-INF/services/" + MechanismUnit.class.getName();

  private static final List<MechanismUnit<?>> ALL = load();

  private Mechanisms() {}

  /** Every registered unit, in registration order. */
  public static List<MechanismUnit<?>> all() {
    return ALL;
  }

  /** The section names of every registered unit, in registration order. */
  public static List<String> sections() {
    return ALL.stream().map(MechanismUnit::section).toList();
  }

  /** The outputs of every registered unit (whatever a configuration enables), in registration order. */
  public static List<OutputKind> possibleOutputs() {
    List<OutputKind> out = new ArrayList<>();
    for (MechanismUnit<?> u : ALL) {
      for (OutputKind k : u.possibleOutputs()) {
        if (!out.contains(k)) {
          out.add(k);
        }
      }
    }
    return List.copyOf(out);
  }

  private static List<MechanismUnit<?>> load() {
    ClassLoader loader = Mechanisms.class.getClassLoader();
    List<URL> urls = new ArrayList<>();
    try {
      Enumeration<URL> e = loader.getResources(RESOURCE);
      while (e.hasMoreElements()) {
        urls.add(e.nextElement());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("reading " + RESOURCE, e);
    }
    URL own = Mechanisms.class.getProtectionDomain().getCodeSource() == null ? null
        : Mechanisms.class.getProtectionDomain().getCodeSource().getLocation();
    urls.sort((a, b) -> Boolean.compare(!isOwn(a, own), !isOwn(b, own)));
    Map<String, MechanismUnit<?>> bySection = new LinkedHashMap<>();
    List<String> classes = new ArrayList<>();
    for (URL url : urls) {
      for (String name : lines(url)) {
        if (!classes.contains(name)) {
          classes.add(name);
        }
      }
    }
    for (String name : classes) {
      MechanismUnit<?> unit = instantiate(loader, name);
      MechanismUnit<?> other = bySection.putIfAbsent(unit.section(), unit);
      if (other != null) {
        throw new IllegalStateException("mechanisms " + other.getClass().getName() + " and " + name
            + " both claim the section " + unit.section());
      }
    }
    return List.copyOf(bySection.values());
  }

  private static boolean isOwn(URL resource, URL own) {
    return own != null && resource.toString().startsWith(own.toString());
  }

  private static List<String> lines(URL url) {
    List<String> out = new ArrayList<>();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(url.openStream(), StandardCharsets.UTF_8))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        int hash = line.indexOf('#');
        String name = (hash < 0 ? line : line.substring(0, hash)).trim();
        if (!name.isEmpty()) {
          out.add(name);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("reading " + url, e);
    }
    return out;
  }

  private static MechanismUnit<?> instantiate(ClassLoader loader, String name) {
    try {
      return (MechanismUnit<?>) Class.forName(name, true, loader).getConstructor().newInstance();
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new IllegalStateException(RESOURCE + ": cannot register " + name + ": " + e, e);
    }
  }
}
