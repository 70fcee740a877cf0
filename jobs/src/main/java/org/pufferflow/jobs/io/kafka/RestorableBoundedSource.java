package org.pufferflow.jobs.io.kafka;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.KafkaSourceEnumState;
import org.apache.flink.connector.kafka.source.split.KafkaPartitionSplit;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * A bounded {@link KafkaSource} that also finishes after a restore from a savepoint or checkpoint (docs/operators.md,
 * 'Exactly-once and rescaling, tested'). The Kafka connector's enumerator only tells its readers that no more splits
 * will come when its first partition discovery finds a change; a restored enumerator finds every partition already
 * assigned, so its readers read to their stopping offsets and then wait forever (FLINK-31006, FLINK-33466;
 * {@code RescalingTest} hung in {@code stop-with-savepoint → restore} without this class).
 *
 * <p>The restored enumerator is wrapped: after its discovery has run, every reader is told that no more splits will
 * come (a second notice to a reader the enumerator did notify is harmless). The ordering holds because the
 * coordinator runs {@link SplitEnumeratorContext#callAsync} calls one after another on one worker thread and hands
 * their results to the coordinator thread in that order: the no-op call submitted after {@link SplitEnumerator#start}
 * completes after the enumerator's discovery, whose result (new partitions, if any) is handled first. Everything
 * else (readers, serializers, fresh enumerators) is the {@link KafkaSource}'s own.
 */
final class RestorableBoundedSource<T>
    implements Source<T, KafkaPartitionSplit, KafkaSourceEnumState>, ResultTypeQueryable<T> {
  private static final long serialVersionUID = 1L;

  private final KafkaSource<T> source;

  RestorableBoundedSource(KafkaSource<T> source) {
    this.source = source;
  }

  @Override
  public Boundedness getBoundedness() {
    return source.getBoundedness();
  }

  @Override
  public SplitEnumerator<KafkaPartitionSplit, KafkaSourceEnumState> createEnumerator(
      SplitEnumeratorContext<KafkaPartitionSplit> context) {
    return source.createEnumerator(context);
  }

  @Override
  public SplitEnumerator<KafkaPartitionSplit, KafkaSourceEnumState> restoreEnumerator(
      SplitEnumeratorContext<KafkaPartitionSplit> context, KafkaSourceEnumState checkpoint) throws IOException {
    SplitEnumerator<KafkaPartitionSplit, KafkaSourceEnumState> restored = source.restoreEnumerator(context, checkpoint);
    return source.getBoundedness() == Boundedness.BOUNDED ? new NotifyingEnumerator(restored, context) : restored;
  }

  @Override
  public SimpleVersionedSerializer<KafkaPartitionSplit> getSplitSerializer() {
    return source.getSplitSerializer();
  }

  @Override
  public SimpleVersionedSerializer<KafkaSourceEnumState> getEnumeratorCheckpointSerializer() {
    return source.getEnumeratorCheckpointSerializer();
  }

  @Override
  public SourceReader<T, KafkaPartitionSplit> createReader(SourceReaderContext context) throws Exception {
    return source.createReader(context);
  }

  @Override
  public TypeInformation<T> getProducedType() {
    return source.getProducedType();
  }

  /** The restored enumerator, plus "no more splits" for every reader once its discovery has been handled. */
  private static final class NotifyingEnumerator implements SplitEnumerator<KafkaPartitionSplit, KafkaSourceEnumState> {
    private final SplitEnumerator<KafkaPartitionSplit, KafkaSourceEnumState> inner;
    private final SplitEnumeratorContext<KafkaPartitionSplit> context;
    private final Set<Integer> notified = new HashSet<>();
    private boolean discovered;

    NotifyingEnumerator(SplitEnumerator<KafkaPartitionSplit, KafkaSourceEnumState> inner,
        SplitEnumeratorContext<KafkaPartitionSplit> context) {
      this.inner = inner;
      this.context = context;
    }

    @Override
    public void start() {
      inner.start();
      context.callAsync(() -> Boolean.TRUE, (ignored, error) -> {
        discovered = true;
        context.registeredReaders().keySet().forEach(this::notifyNoMoreSplits);
      });
    }

    private void notifyNoMoreSplits(int reader) {
      if (notified.add(reader)) {
        context.signalNoMoreSplits(reader);
      }
    }

    @Override
    public void addReader(int subtaskId) {
      inner.addReader(subtaskId);
      notified.remove(subtaskId); // a restarted reader needs the notice again
      if (discovered) {
        notifyNoMoreSplits(subtaskId);
      }
    }

    @Override
    public void handleSplitRequest(int subtaskId, String requesterHostname) {
      inner.handleSplitRequest(subtaskId, requesterHostname);
    }

    @Override
    public void addSplitsBack(List<KafkaPartitionSplit> splits, int subtaskId) {
      inner.addSplitsBack(splits, subtaskId);
    }

    @Override
    public KafkaSourceEnumState snapshotState(long checkpointId) throws Exception {
      return inner.snapshotState(checkpointId);
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
      inner.notifyCheckpointComplete(checkpointId);
    }

    @Override
    public void handleSourceEvent(int subtaskId, SourceEvent sourceEvent) {
      inner.handleSourceEvent(subtaskId, sourceEvent);
    }

    @Override
    public void close() throws IOException {
      inner.close();
    }
  }
}
