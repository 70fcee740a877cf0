package org.pufferflow.operators;

import java.lang.reflect.Type;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInfoFactory;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * The type information of the records ingestion hands on ({@link AcceptedRecord}, {@link StateObservation}), found
 * by Flink through the {@code @TypeInfo} annotation on each class: {@code TypeInformation.of(AcceptedRecord.class)}
 * gives it, with the class's own serializer ({@link AcceptedRecordSerializer}, {@link StateObservationSerializer})
 * instead of Flink's POJO serializer, which reads and writes every field by reflection and boxes its numbers. Not a
 * key type (records are keyed by their subject id, a string).
 */
@Internal
public final class StreamElementTypeInfo<T> extends TypeInformation<T> {

  private static final long serialVersionUID = 1L;

  private final Class<T> type;
  private final TypeSerializer<T> serializer;

  StreamElementTypeInfo(Class<T> type, TypeSerializer<T> serializer) {
    this.type = type;
    this.serializer = serializer;
  }

  /** The factory the annotation on {@link AcceptedRecord} names. */
  public static final class AcceptedRecordFactory extends TypeInfoFactory<AcceptedRecord> {
    @Override
    public TypeInformation<AcceptedRecord> createTypeInfo(Type t, Map<String, TypeInformation<?>> genericParameters) {
      return new StreamElementTypeInfo<>(AcceptedRecord.class, new AcceptedRecordSerializer());
    }
  }

  /** The factory the annotation on {@link StateObservation} names. */
  public static final class StateObservationFactory extends TypeInfoFactory<StateObservation> {
    @Override
    public TypeInformation<StateObservation> createTypeInfo(Type t,
        Map<String, TypeInformation<?>> genericParameters) {
      return new StreamElementTypeInfo<>(StateObservation.class, StateObservationSerializer.INSTANCE);
    }
  }

  @Override
  public boolean isBasicType() {
    return false;
  }

  @Override
  public boolean isTupleType() {
    return false;
  }

  @Override
  public int getArity() {
    return 1;
  }

  @Override
  public int getTotalFields() {
    return 1;
  }

  @Override
  public Class<T> getTypeClass() {
    return type;
  }

  @Override
  public boolean isKeyType() {
    return false;
  }

  @Override
  public TypeSerializer<T> createSerializer(SerializerConfig config) {
    return serializer.duplicate(); // a stateless serializer returns itself
  }

  @Override
  public String toString() {
    return type.getSimpleName();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StreamElementTypeInfo<?> other && other.type == type;
  }

  @Override
  public int hashCode() {
    return type.hashCode();
  }

  @Override
  public boolean canEqual(Object o) {
    return o instanceof StreamElementTypeInfo;
  }
}
