package org.pufferflow.operators.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.pufferflow.operators.state.RedactionBufferProperties.read;
import static org.pufferflow.operators.state.RedactionBufferProperties.write;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The redaction operator's keyed state: layout, size, bounds and refusals (docs/operators.md, 'Redaction function'). */
class RedactionBufferTest {

  @Test
  void fiveHeldRecordsWithoutOptOutsTake34Bytes() throws IOException {
    RedactionBuffer b = new RedactionBuffer(1024);
    for (int t = 10; t < 15; t++) {
      b.add(t, t & 1);
    }
    byte[] bytes = write(b);
    assertThat(bytes).hasSize(34);
    // presence bits 0b11111, value bits of ticks 10..14 = 0,1,0,1,0 → 0b01010
    assertThat(bytes[32]).isEqualTo((byte) 0b11111);
    assertThat(bytes[33]).isEqualTo((byte) 0b01010);
  }

  @Test
  void aGapIsNotARecordAndTheRingGrowsOnlyWithTheHeldSpan() {
    RedactionBuffer b = new RedactionBuffer(8);
    b.add(0, 1);
    b.add(3, 0);
    assertThat(b.holds(1)).isFalse();
    assertThat(b.holds(3)).isTrue();
    assertThat(b.capacity()).isEqualTo(64);
    b.add(200, 1); // span 201 ticks
    assertThat(b.capacity()).isEqualTo(256);
    b.removeFirst();
    assertThat(b.firstTick()).isEqualTo(3);
    b.removeFirst();
    assertThat(b.firstTick()).isEqualTo(200);
    assertThat(b.firstValue()).isEqualTo(1);
    assertThat(b.lastDecided()).isEqualTo(3);
    b.removeFirst();
    b.add(1_000_000_000_000L, 0); // a huge gap after an empty buffer needs no room
    assertThat(b.capacity()).isEqualTo(256);
    assertThat(b.newestTick()).isEqualTo(1_000_000_000_000L);
  }

  @Test
  void refusesTicksOutOfOrderAndValuesOtherThanBits() {
    RedactionBuffer b = new RedactionBuffer(8);
    b.add(5, 1);
    assertThatThrownBy(() -> b.add(5, 1)).hasMessage("tick = 5: not after the subject's newest tick 5");
    assertThatThrownBy(() -> b.add(6, 2)).hasMessage("value: must be 0 or 1 (value not shown)");
    b.removeFirst();
    assertThatThrownBy(() -> b.add(4, 0)).hasMessage("tick = 4: not after the subject's newest tick 5");
    assertThatThrownBy(b::firstTick).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void corruptBytesAreRefused() throws IOException {
    RedactionBuffer b = new RedactionBuffer(8);
    b.add(7, 1);
    b.add(9, 0);
    byte[] bytes = write(b);
    byte[] noPresence = bytes.clone();
    noPresence[bytes.length - 2] = 0b001; // says one record, the count says two
    assertThatThrownBy(() -> read(noPresence)).isInstanceOf(IOException.class).hasMessageContaining("presence bits");
    byte[] badRanges = bytes.clone();
    badRanges[15] = 9; // 9 ranges for a capacity of 8
    assertThatThrownBy(() -> read(badRanges)).isInstanceOf(IOException.class).hasMessageContaining("opt-out");
  }

  @Test
  void toStringShowsCountsOnly() {
    RedactionBuffer b = new RedactionBuffer(8);
    b.add(424_242, 1);
    b.optOuts().add(515_151, 616_161);
    assertThat(b.toString()).isEqualTo("RedactionBuffer{held=1, optOutRanges=1}");
  }
}
