package org.pufferflow.jobs.io.file;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.avro.RejectedObservation;

/** docs/configuration.md, 'File mode': a JSON line is one line and gives back every value exactly. */
class JsonLinesProperties {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static double number(JsonNode n) {
    if (n.isTextual()) {
      return switch (n.textValue()) {
        case "NaN" -> Double.NaN;
        case "inf" -> Double.POSITIVE_INFINITY;
        case "-inf" -> Double.NEGATIVE_INFINITY;
        default -> throw new AssertionError(n);
      };
    }
    return n.doubleValue();
  }

  @Property(tries = 500)
  void everyDoubleAndStringComesBackExactly(@ForAll String subject, @ForAll @Size(max = 5) List<Double> values,
      @ForAll double epsilon, @ForAll long tick) throws IOException {
    DphmmRelease r = DphmmRelease.newBuilder().setSubjectId(subject).setTick(tick).setReleaseSeq(-tick)
        .setValues(values).setEpsilon(epsilon).setMechanism(subject).setConstraintSize(values.size())
        .setConstrainedDpEpsilon(epsilon).setCumulativeEpsilon(-epsilon).build();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new JsonLines().write(r, out);
    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(text).endsWith("\n");
    String line = text.substring(0, text.length() - 1);
    assertThat(line).doesNotContain("\n", "\r");
    JsonNode n = JSON.readTree(line);
    assertThat(n.get("subjectId").textValue()).isEqualTo(subject);
    assertThat(n.get("tick").longValue()).isEqualTo(tick);
    assertThat(n.get("releaseSeq").longValue()).isEqualTo(-tick);
    assertThat(n.get("values").size()).isEqualTo(values.size());
    for (int i = 0; i < values.size(); i++) {
      assertThat(Double.compare(number(n.get("values").get(i)), values.get(i))).isZero();
    }
    assertThat(Double.compare(number(n.get("epsilon")), epsilon)).isZero();
    assertThat(Double.compare(number(n.get("cumulativeEpsilon")), -epsilon)).isZero();
  }

  @Property(tries = 300)
  void rawPayloadBytesComeBackExactly(@ForAll byte[] payload, @ForAll String message) throws IOException {
    RejectedObservation r = RejectedObservation.newBuilder().setSourceTopic("file:x.csv").setSourcePartition(0)
        .setSourceOffset(1).setRawPayload(ByteBuffer.wrap(payload)).setReasonCode("UNDECODABLE").setMessage(message)
        .build();
    String line = JsonLines.toJson(r);
    assertThat(line).doesNotContain("\n", "\r");
    JsonNode n = JSON.readTree(line);
    assertThat(Base64.getDecoder().decode(n.get("rawPayload").textValue())).isEqualTo(payload);
    assertThat(n.get("message").textValue()).isEqualTo(message);
  }
}
