"""URLs of tarokclub: accounts, language, the admin, and the club pages."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from scoring.accounts.views import LoginView

urlpatterns = [
    path("accounts/login/", LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("", include("scoring.urls")),
]
