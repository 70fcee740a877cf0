package org.pufferflow.operators;

import java.lang.reflect.Type;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInfoFactory;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * The type information of {@link AcceptedRecord}, found by Flink through the {@code @TypeInfo} annotation on the
 * class: {@code TypeInformation.of(AcceptedRecord.class)} gives it, with {@link AcceptedRecordSerializer}. Not a key
 * type (records are keyed by their subject id, a string).
 */
@Internal
public final class AcceptedRecordTypeInfo extends TypeInformation<AcceptedRecord> {

  private static final long serialVersionUID = 1L;

  /** The factory the annotation names. */
  public static final class Factory extends TypeInfoFactory<AcceptedRecord> {
    @Override
    public TypeInformation<AcceptedRecord> createTypeInfo(Type t, Map<String, TypeInformation<?>> genericParameters) {
      return new AcceptedRecordTypeInfo();
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
  public Class<AcceptedRecord> getTypeClass() {
    return AcceptedRecord.class;
  }

  @Override
  public boolean isKeyType() {
    return false;
  }

  @Override
  public TypeSerializer<AcceptedRecord> createSerializer(SerializerConfig config) {
    return AcceptedRecordSerializer.INSTANCE;
  }

  @Override
  public String toString() {
    return "AcceptedRecord";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof AcceptedRecordTypeInfo;
  }

  @Override
  public int hashCode() {
    return AcceptedRecordTypeInfo.class.hashCode();
  }

  @Override
  public boolean canEqual(Object o) {
    return o instanceof AcceptedRecordTypeInfo;
  }
}
