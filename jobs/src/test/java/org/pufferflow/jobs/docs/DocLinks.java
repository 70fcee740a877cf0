package org.pufferflow.jobs.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The relative Markdown links of a page: each names an existing file or folder of the repository and, when it has
 * a {@code #fragment} into a Markdown page, a heading of that page (GitHub's anchor rule). Links in fenced code
 * blocks and inline code are not links; absolute URLs are not checked.
 */
final class DocLinks {

  private DocLinks() {}

  /** {@code [text](target)} or {@code [text](target "title")}. */
  static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");

  static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");

  static List<String> problems(Path root, Path page) throws IOException {
    List<String> out = new ArrayList<>();
    List<String> lines = Files.readAllLines(page);
    boolean fenced = false;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.strip().startsWith("```")) {
        fenced = !fenced;
        continue;
      }
      if (fenced) {
        continue;
      }
      Matcher m = LINK.matcher(INLINE_CODE.matcher(line).replaceAll(""));
      while (m.find()) {
        String problem = problem(root, page, m.group(1));
        if (problem != null) {
          out.add(root.relativize(page) + ":" + (i + 1) + ": " + problem);
        }
      }
    }
    return out;
  }

  /** Why {@code target}, linked from {@code page}, does not resolve; null when it does. */
  static String problem(Path root, Path page, String target) throws IOException {
    if (target.matches("(?i)[a-z][a-z0-9+.-]*:.*")) {
      return null; // https:, mailto: — outside the repository by intent, not a relative link
    }
    int hash = target.indexOf('#');
    String path = hash < 0 ? target : target.substring(0, hash);
    String anchor = hash < 0 ? null : target.substring(hash + 1);
    Path file = path.isEmpty() ? page : page.getParent().resolve(path).normalize();
    if (!file.startsWith(root) || !Files.exists(file)) {
      return target + " is not a file of this repository";
    }
    if (anchor != null && file.toString().endsWith(".md") && !anchors(file).contains(anchor)) {
      return target + ": " + root.relativize(file) + " has no heading with the anchor #" + anchor;
    }
    return null;
  }

  /** The anchors GitHub gives the headings of a page (a repeated slug gets -1, -2, …). */
  static Set<String> anchors(Path page) throws IOException {
    Set<String> out = new HashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    boolean fenced = false;
    for (String line : Files.readAllLines(page)) {
      if (line.strip().startsWith("```")) {
        fenced = !fenced;
      }
      if (fenced || !line.startsWith("#")) {
        continue;
      }
      String slug = slug(line.replaceFirst("^#+\\s*", ""));
      int n = seen.merge(slug, 1, Integer::sum);
      out.add(n == 1 ? slug : slug + "-" + (n - 1));
    }
    return out;
  }

  /** GitHub's heading anchor: lower case, punctuation dropped (not '-' or '_'), each space a hyphen. */
  static String slug(String heading) {
    String text = heading.strip().toLowerCase(Locale.ROOT);
    StringBuilder b = new StringBuilder();
    text.codePoints().forEach(c -> {
      if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
        b.appendCodePoint(c);
      } else if (c == ' ') {
        b.append('-');
      } else if (Character.getType(c) == Character.NON_SPACING_MARK) {
        b.appendCodePoint(c);
      }
    });
    return b.toString();
  }
}
