package org.pufferflow.tools.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pufferflow.avro.OptOut;
import org.pufferflow.jobs.kafka.EmbeddedKafka;
import org.pufferflow.jobs.io.OutputKind;

/** The demo's Kafka set-up (docs/cli.md, 'demo'). */
@Timeout(120)
class DemoRunTest {

  /**
   * Regression: when the outputs carried the synthetic event times (2026-01-01 on) as record timestamps, topics with
   * the broker's default retention (7 days) lost them at the next retention check while the demo was reading. The
   * outputs now carry the publication time; the unlimited retention stays as a safeguard.
   */
  @Test
  void everyTopicIsCreatedWithUnlimitedRetention() throws Exception {
    DemoConfigs configs = null;
    try (EmbeddedKafka kafka = EmbeddedKafka.start()) {
      configs = DemoConfigs.load(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
      List<DemoPipeline> pipelines = configs.pipelines(1);
      DemoRun.createTopics(kafka, pipelines);
      try (Admin admin = kafka.admin()) {
        Set<String> names = admin.listTopics().names().get(30, TimeUnit.SECONDS);
        for (DemoPipeline p : pipelines) {
          var k = p.config().kafka();
          assertThat(names).contains(k.inputTopic());
          for (OutputKind kind : OutputKind.all()) {
            String topic = kind.topic(k);
            assertThat(names).contains(topic);
            ConfigResource r = new ConfigResource(ConfigResource.Type.TOPIC, topic);
            Map<ConfigResource, org.apache.kafka.clients.admin.Config> c =
                admin.describeConfigs(List.of(r)).all().get(30, TimeUnit.SECONDS);
            assertThat(c.get(r).get(TopicConfig.RETENTION_MS_CONFIG).value()).as(topic).isEqualTo("-1");
          }
          var partitions = admin.describeTopics(List.of(k.inputTopic())).allTopicNames().get(30, TimeUnit.SECONDS)
              .get(k.inputTopic()).partitions();
          assertThat(partitions).hasSize(DemoRun.PARTITIONS);
        }
        assertThat(names).contains(pipelines.get(2).config().kafka().optOutTopic());
      }
    } finally {
      if (configs != null) {
        configs.close();
      }
    }
  }

  /** Regression: opt-outs were written in Avro's single-object encoding, which the job's decoder refuses. */
  @Test
  void optOutsAreWrittenAsPlainAvroBinary() throws Exception {
    OptOut o = new OptOut("home-01", 5L, 9L, null);
    byte[] bytes = DemoRun.avro(o);
    var decoder = DecoderFactory.get().binaryDecoder(new ByteArrayInputStream(bytes), null);
    assertThat(new SpecificDatumReader<>(OptOut.class).read(null, decoder)).isEqualTo(o);
    assertThat(decoder.isEnd()).isTrue();
  }
}
