"""Serving a model: one replica's memory, step times, goodput at targets, the cheapest replica.

Modules: ``memory`` (weights, the engine's memory share, KV-cache tokens),
``timing`` (prefill and decode step time, tensor-parallel all-reduces, the
fitted factors), ``load`` (continuous batching at a rate, a concurrency or
flat out; the best rate meeting p95 targets), ``replica`` (the entry points
below), ``calibration`` (predicting published runs, fitting the factors),
``traffic`` (the day's curve, replicas each hour, the serving months) and
``plan`` (the serving plan the sizing carries: the chosen replica counted out
over the traffic).

Stable entry points (``gpu_advisor.engine.serving.replica``):

- ``replica_at_targets(shape, gpu, serving, tp, *, factors=()) -> ReplicaPerformance``
- ``replica_under(shape, gpu, serving, tp, *, rate_rps=None, concurrency=None, factors=())``
- ``choose_replica(shape, gpus, serving, rate_rps, *, factors=()) -> ServingChoice``
- ``serving_shape(catalog, preset_id=None, config_json=None) -> ResolvedShape``

Pass ``catalog.serving_factors.factors`` as ``factors``.
"""
