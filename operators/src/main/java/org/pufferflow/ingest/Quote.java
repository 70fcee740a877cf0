package org.pufferflow.ingest;

/** Shows an untrusted input string in a rejection message: quoted, control characters escaped, truncated. */
final class Quote {
  private static final int MAX = 64;

  private Quote() {}

  static String of(String s) {
    if (s == null) {
      return "null";
    }
    StringBuilder b = new StringBuilder(Math.min(s.length(), MAX) + 8).append('"');
    for (int i = 0; i < s.length() && i < MAX; i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (c < 0x20 || c == 0x7f) {
        b.append(String.format("\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    if (s.length() > MAX) {
      b.append("...");
    }
    return b.append('"').toString();
  }
}
