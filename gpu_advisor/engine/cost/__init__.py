"""What each way of getting the cards costs, and which one to take.

The modules, in the order a plan's cost is worked out:

- ``resolve``: every cost input with its provenance (project, import or catalog);
- ``demand``: the monthly GPU-hours to price;
- ``price``, ``mix``: the seven options, the mix and the hybrid, as arrays;
- ``feasibility``: what cannot be chosen here, and why;
- ``prepare``: all of the above for one plan (the only module reading the sizing);
- ``breakeven``, ``risk``, ``finance``: owning against renting, tornado and
  Monte Carlo, the finance view;
- ``choice`` (with ``findings`` and ``checks``): which option, and the reasons
  and warnings as data; ``wording``: their sentences in English and Chinese;
  ``recommend``: the two together;
- ``includes``, ``explain``: what each total includes, and the "why?" of each figure;
- ``result``: the cost result the steps, the PDF and the CLI render.
"""
