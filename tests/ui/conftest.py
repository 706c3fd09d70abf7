import pytest

import engines
from tests.core.toy import GAME as TOY


@pytest.fixture(autouse=True, scope="session")
def _toy_registered():
    engines.register(TOY)
    yield
