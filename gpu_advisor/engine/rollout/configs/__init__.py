"""Generated environment and monitoring configs (wizard steps 4 and 5).

Pure text generators: each function takes the project's ``Environment`` /
``Monitoring`` (and, where it matters, the ``Workload``) and returns the text of
one file the user copies or saves. The wizard pages show them, the PDF plan
prints them; nothing here touches files, the clock or Qt. One module per
output kind:

* :mod:`.environment`: the environment the files run (:class:`RolloutPlan`,
  ``plan_environment``), the advice about it and ``generate_all``;
* :mod:`.files`: which file each scheduler and monitoring name produces;
* :mod:`.kubernetes`, :mod:`.slurm`, :mod:`.bare_nodes`: the launch files;
* :mod:`.dcgm`, :mod:`.prometheus`, :mod:`.alert_rules`, :mod:`.grafana`:
  the monitoring files;
* :mod:`.common`, :mod:`.shell`, :mod:`.yaml_out`, :mod:`.nccl`: what they
  share (names, comments, quoting, YAML output, NCCL settings).

Safety rules every generator keeps, because a project file may come from
anyone:

* Kubernetes names (job, namespace, service, PVC, secret) go through
  ``common.dns_label``, which returns an RFC 1035 label (a subset of RFC 1123).
* Every value that lands in a shell script is quoted with :func:`shlex.quote`
  (``shell._q``); every value that lands in a comment goes through
  ``common._comment``, which drops line breaks and control characters.
* YAML is emitted with a :class:`yaml.SafeDumper`, never templated by hand
  (``yaml_out._yaml``).

The modules cite their sources as numbered references ([1]–[11]); each
module's docstring lists those it uses, numbered alike across the package.
"""
