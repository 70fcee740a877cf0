package org.pufferflow.noise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import org.junit.jupiter.api.Test;

/** The shared release-context convention (docs/privacy-noise.md, 'Release contexts'). */
class NoiseContextTest {

  @Test
  void positionIsTheKeyedStreamOfTheContext() {
    KeyedRandom a = new KeyedRandom(TestKeys.key());
    KeyedRandom b = new KeyedRandom(TestKeys.key());
    for (long seq = 0; seq < 5; seq++) {
      assertThat(NoiseContext.position(a, NoiseContext.DPHMM, "subject-1", seq)).isSameAs(a);
      b.reset("dphmm", "subject-1", seq);
      for (int i = 0; i < 8; i++) {
        assertThat(a.nextLong()).isEqualTo(b.nextLong());
      }
    }
  }

  @Test
  void theThreeMechanismsAndTheirInstancesGetDistinctStreams() {
    KeyedRandom r = new KeyedRandom(TestKeys.key());
    long dphmm = NoiseContext.position(r, NoiseContext.DPHMM, "s", 3).nextLong();
    long mqm = NoiseContext.position(r, NoiseContext.MQM, "s", 3).nextLong();
    long redaction = NoiseContext.position(r, NoiseContext.REDACTION, "s", 3).nextLong();
    long instance = NoiseContext.position(r, NoiseContext.instanceId(NoiseContext.DPHMM, "steps"), "s", 3).nextLong();
    assertThat(new long[] {dphmm, mqm, redaction, instance}).doesNotHaveDuplicates();
    assertThat(NoiseContext.instanceId(NoiseContext.MQM, "hourly")).isEqualTo("mqm/hourly");
    assertThat(new String[] {NoiseContext.DPHMM, NoiseContext.MQM, NoiseContext.REDACTION})
        .containsExactly("dphmm", "mqm", "redaction");
  }

  @Test
  void badArgumentsAreRefused() {
    assertThatThrownBy(() -> NoiseContext.instanceId("other", "x")).hasMessageStartingWith("mechanism = other");
    assertThatThrownBy(() -> NoiseContext.instanceId(NoiseContext.MQM, "")).hasMessageStartingWith("instance = ");
    assertThatThrownBy(() -> NoiseContext.position(null, "dphmm", "s", 0)).hasMessageContaining("keyed random");
    assertThatThrownBy(() -> NoiseContext.position(new KeyedRandom(TestKeys.key()), null, "s", 0))
        .hasMessageContaining("mechanismId");
  }

  /** Key material never enters a job graph: neither the key nor the generator built from it is serializable. */
  @Test
  void neitherTheKeyNorTheGeneratorIsSerializable() throws Exception {
    try (ObjectOutputStream out = new ObjectOutputStream(OutputStream.nullOutputStream())) {
      assertThatThrownBy(() -> out.writeObject(TestKeys.key())).isInstanceOf(NotSerializableException.class);
      assertThatThrownBy(() -> out.writeObject(new KeyedRandom(TestKeys.key())))
          .isInstanceOf(NotSerializableException.class);
    }
  }
}
