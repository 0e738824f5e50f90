"""The club pages, grouped by area: each area's URLs live in its own package, under one prefix
and one name prefix (``club:``, ``sittings:``, ``scorekeeping:``, ``tournaments:``, ``tonight:``,
``ledger:``, ``ratings:``; a tournament table's secret link ``table_link:``). A superuser makes
a club at ``new-club/``, outside ``clubs/``, so that no club's short name can take its address."""

from django.urls import include, path

from scoring.club import views as club_views

urlpatterns = [
    path("", club_views.home, name="home"),
    path("new-club/", club_views.club_new, name="club_new"),
    path("clubs/<slug:slug>/", include("scoring.club.urls")),
    path("clubs/<slug:slug>/sittings/", include("scoring.sittings.urls")),
    path("clubs/<slug:slug>/sittings/", include("scoring.scorekeeping.urls")),
    path("clubs/<slug:slug>/tournaments/", include("scoring.tournaments.urls")),
    path("clubs/<slug:slug>/tonight/", include("scoring.evenings.urls")),
    path("t/<str:token>/", include("scoring.tournaments.table_link")),
    path("clubs/<slug:slug>/", include("scoring.ledger.urls")),
    path("clubs/<slug:slug>/", include("scoring.ratings.urls")),
]
