# --- Hypothesis profiles (engine property and fuzz tests) -------------------
# HYPOTHESIS_PROFILE selects one: "default" (CI: modest, reproducible) or
# "fuzz" (`make fuzz`: 100000 examples for the main fuzz test). No deadline in
# either: the suite makes no timed assertions.
import os as _os

from hypothesis import HealthCheck as _HealthCheck
from hypothesis import settings as _settings

_settings.register_profile(
    "default",
    max_examples=200,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[_HealthCheck.too_slow, _HealthCheck.data_too_large],
)
_settings.register_profile(
    "fuzz",
    max_examples=100_000,
    deadline=None,
    derandomize=False,
    print_blob=True,
    suppress_health_check=[_HealthCheck.too_slow, _HealthCheck.data_too_large],
)
_settings.load_profile(_os.environ.get("HYPOTHESIS_PROFILE", "default"))
# --- end of Hypothesis profiles ---------------------------------------------
