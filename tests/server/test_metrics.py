"""The metrics the server counts through its cached labelled children come out
under their labels in /metrics' text."""

from __future__ import annotations

from server.metrics import Metrics


def test_requests_and_command_stages_are_counted_under_their_labels():
    metrics = Metrics()
    metrics.requested("ping")
    metrics.requested("ping")
    metrics.requested("command")
    metrics.stage["rules"].observe(0.0004)
    metrics.stage["commit"].observe(0.003)
    text = metrics.render().decode()
    assert 'warband_requests_total{type="ping"} 2.0' in text
    assert 'warband_requests_total{type="command"} 1.0' in text
    assert 'warband_command_stage_seconds_count{stage="rules"} 1.0' in text
    assert 'warband_command_stage_seconds_bucket{le="0.0005",stage="rules"} 1.0' in text
    assert 'warband_command_stage_seconds_bucket{le="0.0025",stage="commit"} 0.0' in text
    assert 'warband_command_stage_seconds_count{stage="queued"} 0.0' in text
