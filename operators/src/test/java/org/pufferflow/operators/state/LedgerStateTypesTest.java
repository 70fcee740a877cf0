package org.pufferflow.operators.state;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;
import org.apache.flink.api.java.typeutils.runtime.PojoSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.pufferflow.accounting.ChargeResult;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.accounting.LedgerState;
import org.pufferflow.accounting.PrivacyLedger;

/** The ledger state survives Flink serialization (keyed state, checkpoints, savepoints) bit for bit. */
class LedgerStateTypesTest {

  private static TypeSerializer<LedgerState> serializer() {
    SerializerConfigImpl config = new SerializerConfigImpl();
    config.setGenericTypes(false); // fail rather than fall back to Kryo
    return LedgerStateTypes.LEDGER_STATE.createSerializer(config);
  }

  @Test
  void isAFlinkPojoSerializedWithoutKryo() {
    assertThat(LedgerStateTypes.LEDGER_STATE).isInstanceOf(PojoTypeInfo.class);
    assertThat(serializer()).isInstanceOf(PojoSerializer.class);
    assertThat(LedgerStateTypes.descriptor("mqm-ledger").getName()).isEqualTo("mqm-ledger");
  }

  @Test
  void roundTripsThroughTheSerializerAndItsSnapshot() throws Exception {
    PrivacyLedger ledger = new PrivacyLedger(LedgerPolicy.builder().totalBudget(1).periodBudget(0.5, 10).build());
    LedgerState state = new LedgerState();
    assertThat(ledger.tryCharge(state, 0.1, 3)).isEqualTo(ChargeResult.CHARGED);
    assertThat(ledger.tryCharge(state, 0.3, 4)).isEqualTo(ChargeResult.CHARGED);
    assertThat(ledger.tryCharge(state, 0.3, 5)).isEqualTo(ChargeResult.PERIOD_EXHAUSTED);

    TypeSerializer<LedgerState> serializer = serializer();
    DataOutputSerializer out = new DataOutputSerializer(64);
    TypeSerializerSnapshot.writeVersionedSnapshot(out, serializer.snapshotConfiguration());
    serializer.serialize(state, out);
    serializer.serialize(new LedgerState(), out);

    DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
    TypeSerializerSnapshot<LedgerState> snapshot =
        TypeSerializerSnapshot.readVersionedSnapshot(in, getClass().getClassLoader());
    assertThat(serializer.snapshotConfiguration().resolveSchemaCompatibility(snapshot).isCompatibleAsIs()).isTrue();
    TypeSerializer<LedgerState> restored = snapshot.restoreSerializer();
    LedgerState back = restored.deserialize(in);
    assertThat(back).isEqualTo(state).isNotSameAs(state);
    assertThat(back.getSpent()).isEqualTo(state.getSpent());
    // the recorded policy travels with the state
    assertThat(back.getPolicyTotalBudget()).isEqualTo(1.0);
    assertThat(back.getPolicyPeriodBudget()).isEqualTo(0.5);
    assertThat(back.getPolicyPeriodTicks()).isEqualTo(10);
    assertThat(((PojoTypeInfo<LedgerState>) LedgerStateTypes.LEDGER_STATE).getFieldNames())
        .containsExactlyInAnyOrder("spent", "periodSpent", "period", "exhausted", "periodExhausted",
            "policyTotalBudget", "policyPeriodBudget", "policyPeriodTicks");
    assertThat(restored.deserialize(in)).isEqualTo(new LedgerState());
    assertThat(serializer.copy(state)).isEqualTo(state).isNotSameAs(state);

    // the restored ledger behaves as the original: the period stays exhausted, the next period is open
    assertThat(ledger.tryCharge(back, 0.01, 6)).isEqualTo(ChargeResult.REFUSED);
    assertThat(ledger.tryCharge(back, 0.3, 10)).isEqualTo(ChargeResult.CHARGED);
    // and a restore under a doubled period length migrates it instead of failing every charge: the new period
    // [0, 20) already holds 0.4 + 0.3 > 0.5, the next one is open
    PrivacyLedger longer = new PrivacyLedger(LedgerPolicy.builder().totalBudget(1).periodBudget(0.5, 20).build());
    LedgerState again = restored.deserialize(new DataInputDeserializer(bytesOf(serializer, back)));
    assertThat(longer.tryCharge(again, 0.125, 11)).isEqualTo(ChargeResult.PERIOD_EXHAUSTED);
    assertThat(longer.tryCharge(again, 0.25, 20)).isEqualTo(ChargeResult.CHARGED);
    assertThat(again.getPolicyPeriodTicks()).isEqualTo(20);
  }

  private static byte[] bytesOf(TypeSerializer<LedgerState> serializer, LedgerState state) throws Exception {
    DataOutputSerializer out = new DataOutputSerializer(64);
    serializer.serialize(state, out);
    return out.getCopyOfBuffer();
  }
}
