# JupyterHub on one machine for a class: each student's own server with the tutor's pages, and the shared
# tables as a service of the hub (started and restarted by it), students known by their hub login and the
# teachers by the hub group "teachers". See docs/class-server.md ("Shared tables on JupyterHub").
#
#   pip install euchre-tutor jupyterhub          # and JupyterHub's proxy: npm install -g configurable-http-proxy
#   sudo python deploy/image_setup.py            # the pages into /srv/euchre-tutor, Voila's look into /etc/jupyter
#   sudo jupyterhub -f deploy/jupyterhub_config.py
#
# As written, students log in with their accounts on this machine (JupyterHub's default login and
# spawner); put your school's login in their place. tests/hub/ runs a real hub with this file, a test
# login and a local spawner in place of those two.
import os
import sys

from euchre_tutor.service.hub import server_environment

c = get_config()  # noqa: F821 (JupyterHub's configuration)

#: the service's name: its pages live at /services/euchre-tables/ and the scopes name it
TABLES = "euchre-tables"
#: where the service listens, on this machine only (the proxy and the students' servers reach it here)
PORT = int(os.environ.get("EUCHRE_TABLES_PORT", "8765"))
#: the tables' log (SQLite): on a disk that is kept and backed up
DB = os.environ.get("EUCHRE_TABLES_DB", "/var/lib/euchre-tutor/tables.sqlite")
#: the pages (deploy/image_setup.py copies them there)
PAGES = os.environ.get("EUCHRE_TUTOR_PAGES", "/srv/euchre-tutor")

os.makedirs(os.path.dirname(DB), exist_ok=True)

c.JupyterHub.services = [
    {
        "name": TABLES,
        "url": f"http://127.0.0.1:{PORT}",
        "command": [
            sys.executable,
            "-m",
            "euchre_tutor.service",
            "--hub",
            "--db",
            DB,
            "--keep-games",
            "--teacher-group",
            "teachers",
        ],
        # the service's page asks nobody to confirm the hub's OAuth: it only learns who you are
        "oauth_no_confirm": True,
        "display": True,
    }
]
c.JupyterHub.load_roles = [
    # every user may use the tables (their hub login opens them; no class's password)
    {"name": "user", "scopes": ["self", f"access:services!service={TABLES}"]},
    # the service reads each user's groups and roles: whether they teach
    {
        "name": "euchre-tables-service",
        "services": [TABLES],
        "scopes": ["read:users:groups", "read:roles:users"],
    },
]
# who teaches: the members of the hub group "teachers" (the service's --teacher-group; --teacher-role
# names a hub role instead). Groups can also be managed in the hub's admin page.
c.JupyterHub.load_groups = {"teachers": {"users": ["teacher"]}}

# Each student's server: its pages reach the service directly, and say hello with the student's own hub
# token, which may open the tables (the scope below) and nothing else of another user's.
c.Spawner.server_token_scopes = [
    "users:activity!user",
    "access:servers!server",
    f"access:services!service={TABLES}",
]
c.Spawner.environment = server_environment(f"ws://127.0.0.1:{PORT}/services/{TABLES}/tables")
c.Spawner.notebook_dir = PAGES
c.Spawner.default_url = "/voila/render/lobby.ipynb"
