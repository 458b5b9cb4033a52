import glob
import os

import pytest

import ddz_fast


@pytest.fixture(scope="session")
def action_space():
    """Every play of each preset, by name, per the reference (a few seconds to enumerate:
    shared by the tests that need it)."""
    from oracles import reference
    loosest = reference.every_play(**reference.LOOSEST)
    return {name: reference.within(loosest, **switches)
            for name, switches in reference.PRESETS.items()}


# The peer engines (rl, pyspiel, dz): a test that takes one skips, saying how to install it,
# when it cannot be imported.
def peer(module, package, install="pip install 'ddz-fast[peers]'"):
    return pytest.importorskip(module, reason=f"{package} cannot be imported: {install}")


@pytest.fixture(scope="module")
def rl():
    return peer("rlcard.games.doudizhu.utils", "rlcard")


@pytest.fixture(scope="module")
def pyspiel():
    return peer("pyspiel", "open-spiel")


@pytest.fixture(scope="module")
def dz():
    # its metadata requires torch, which douzero.env never imports (see pyproject.toml)
    return peer("douzero.env.game", "douzero", "pip install --no-deps douzero==1.1.0")


# The RL libraries of ddz_fast.envs (extra "rl"), skipped the same way (a failure under DDZ_NO_SKIPS).
@pytest.fixture(scope="module")
def gym():
    return peer("gymnasium", "gymnasium", "pip install 'ddz-fast[rl]'")


@pytest.fixture(scope="module")
def pz():
    return peer("pettingzoo", "pettingzoo", "pip install 'ddz-fast[rl]'")


# Ray (extra "ray", ddz_fast.distributed): one local instance of two CPUs per test process,
# started by the first test that takes it and stopped at the end of the session.
@pytest.fixture(scope="session")
def ray_cluster():
    ray = peer("ray", "ray", "pip install 'ddz-fast[ray]'")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             object_store_memory=200 * 2 ** 20)
    yield ray
    ray.shutdown()


# The markers `peers`, `rl` and `ray` follow from the fixtures above (tests that import a peer
# themselves carry the marker): `pytest -m "not peers and not rl"` runs what needs numpy only.
MARKER_OF_FIXTURE = {"rl": "peers", "pyspiel": "peers", "dz": "peers", "gym": "rl", "pz": "rl",
                     "ray_cluster": "ray"}


def pytest_collection_modifyitems(config, items):
    for item in items:
        for fixture in sorted(MARKER_OF_FIXTURE.keys() & set(item.fixturenames)):
            item.add_marker(MARKER_OF_FIXTURE[fixture])


def pytest_report_header(config):
    info = ddz_fast.build_info()
    build = f"{info['build']} ({info['sanitize']})" if info["sanitize"] else info["build"]
    return (f"ddz_fast {ddz_fast.__version__}: {build} build, {' '.join(info['compile_args'])}, "
            f"at {os.path.dirname(ddz_fast.__file__)}")


def pytest_sessionstart(session):
    # Editable installs do not rebuild by themselves: refuse to test stale extensions.
    package = os.path.dirname(ddz_fast.__file__)
    if not os.path.exists(os.path.join(package, os.pardir, "setup.py")):
        return                          # an installed package, not a source checkout
    def files(*patterns):
        return [f for p in patterns for f in glob.glob(os.path.join(package, "**", p), recursive=True)]
    built = files("*.so", "*.pyd")
    sources = files("*.pyx", "*.pxd")
    if built and sources:
        newest_source = max(sources, key=os.path.getmtime)
        oldest_build = min(built, key=os.path.getmtime)
        if os.path.getmtime(newest_source) > os.path.getmtime(oldest_build):
            pytest.exit(
                f"{os.path.basename(newest_source)} is newer than {os.path.basename(oldest_build)}: "
                "rebuild with `pip install -e .` (or `python setup.py build_ext --inplace`)",
                returncode=2)


def pytest_sessionfinish(session, exitstatus):
    # With DDZ_NO_SKIPS set (CI, once every peer and extra is installed) a skipped test means
    # that something did not import: a failure.
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter else []
    # DDZ_SKIPPED_FILE names a file for the node ids of the skipped tests (CI's first stage,
    # in a bare environment, writes them; its second runs them with every extra installed).
    if os.environ.get("DDZ_SKIPPED_FILE"):
        with open(os.environ["DDZ_SKIPPED_FILE"], "w", encoding="utf-8") as f:
            f.writelines(f"{nodeid}\n" for nodeid in sorted({report.nodeid for report in skipped}))
    if os.environ.get("DDZ_NO_SKIPS") and skipped and exitstatus == 0:
        reporter.write_line(f"DDZ_NO_SKIPS: {len(skipped)} test(s) skipped, which is a failure here:",
                            red=True)
        for report in skipped:
            # A skip's longrepr is (file, line, "Skipped: reason").
            reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
            reporter.write_line(f"  {report.nodeid}: {reason}", red=True)
        session.exitstatus = 1
